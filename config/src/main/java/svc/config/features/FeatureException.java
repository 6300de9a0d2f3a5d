package svc.config.features;

/** A request to the registry that cannot be honoured; the message is for the user. */
public abstract sealed class FeatureException extends RuntimeException
        permits UnknownFeatureException, FeatureChangeRejectedException, FeatureEnvironmentException {
    private static final long serialVersionUID = 1L;

    FeatureException(String message) {
        super(message);
    }
}
