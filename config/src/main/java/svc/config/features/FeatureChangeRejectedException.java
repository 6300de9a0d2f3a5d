package svc.config.features;

/**
 * The feature exists but its tier forbids this change (an INVARIANT set at runtime, a per-user
 * value on a non-FLAG feature). The request was well formed, so an HTTP layer maps it to 422.
 */
public final class FeatureChangeRejectedException extends FeatureException {
    private static final long serialVersionUID = 1L;

    FeatureChangeRejectedException(String message) {
        super(message);
    }
}
