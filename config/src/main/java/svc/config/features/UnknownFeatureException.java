package svc.config.features;

/** No feature (nor alias) has this name; an HTTP layer maps it to 404. */
public final class UnknownFeatureException extends FeatureException {
    private static final long serialVersionUID = 1L;

    UnknownFeatureException(String message) {
        super(message);
    }
}
