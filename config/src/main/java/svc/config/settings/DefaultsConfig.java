package svc.config.settings;

/**
 * Project-wide defaults. The u64/u32 fields of the spec are Java {@code long}s (boxed, so that
 * "not written" is visible); the validator keeps u32 fields within 0..4294967295.
 */
public record DefaultsConfig(
        String model,
        String provider,
        Long sessionTimeout,
        Long commitInterval,
        Long maxConsecutiveErrors,
        Long maxTotalErrors,
        String mode,
        LivenessConfig liveness) {

    /** The model every agent uses when neither it nor {@code defaults.model} names one. */
    public static final String DEFAULT_MODEL = "sonnet";
    /** The provider every agent uses when neither it nor {@code defaults.provider} names one. */
    public static final String DEFAULT_PROVIDER = "default";

    /** This object with every unwritten field set to the spec's default. */
    public DefaultsConfig withDefaults() {
        return new DefaultsConfig(
                model == null ? DEFAULT_MODEL : model,
                provider == null ? DEFAULT_PROVIDER : provider,
                sessionTimeout,
                commitInterval == null ? 300L : commitInterval,
                maxConsecutiveErrors == null ? 5L : maxConsecutiveErrors,
                maxTotalErrors == null ? 20L : maxTotalErrors,
                mode,
                liveness == null ? LivenessConfig.DEFAULTS : liveness.withDefaults());
    }
}
