package svc.config.settings;

/** Idle and stall monitoring of agents; every field has a default (see {@link #DEFAULTS}). */
public record LivenessConfig(
        Boolean enabled,
        Long idleNudgeAfterSecs,
        Long idleNudgeIntervalSecs,
        Long maxNudges,
        Long idleWarnAfterSecs,
        Long stallTimeoutSecs,
        Boolean autoInterruptStalled) {

    /** The spec's defaults, used when the file has no {@code liveness} object at all. */
    public static final LivenessConfig DEFAULTS = new LivenessConfig(true, 120L, 300L, 3L, 600L, 900L, false);

    /** This object with every unwritten field taken from {@link #DEFAULTS}. */
    public LivenessConfig withDefaults() {
        return new LivenessConfig(
                enabled == null ? DEFAULTS.enabled : enabled,
                idleNudgeAfterSecs == null ? DEFAULTS.idleNudgeAfterSecs : idleNudgeAfterSecs,
                idleNudgeIntervalSecs == null ? DEFAULTS.idleNudgeIntervalSecs : idleNudgeIntervalSecs,
                maxNudges == null ? DEFAULTS.maxNudges : maxNudges,
                idleWarnAfterSecs == null ? DEFAULTS.idleWarnAfterSecs : idleWarnAfterSecs,
                stallTimeoutSecs == null ? DEFAULTS.stallTimeoutSecs : stallTimeoutSecs,
                autoInterruptStalled == null ? DEFAULTS.autoInterruptStalled : autoInterruptStalled);
    }
}
