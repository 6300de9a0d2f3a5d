package svc.config.features;

/**
 * A feature's value as resolved now, with where it came from, so that "why is this on?" has an
 * answer.
 *
 * @param tier the flag's tier, or {@link FeatureTier#USER_OVERRIDE} when a per-user override
 *     decided
 */
public record FeatureState(String name, boolean value, FeatureTier tier, boolean defaultValue, FeatureSource source) {}
