package svc.core.agent;

import com.typesafe.config.Config;
import java.time.Duration;

/**
 * How long an agent's session (one task) may run, how many tool errors it may make, and how its
 * waits are watched ({@code svc.agents.*}; the settings file's {@code defaults} set them under
 * {@code svc server}, with the spec's defaults in {@code reference.conf}).
 *
 * @param sessionTimeout a task running this long is stopped; zero: no limit
 * @param maxConsecutiveErrors a task whose tool calls failed this many times in a row is stopped; 0: no limit
 * @param maxTotalErrors an agent whose tool calls failed this many times in the run is stopped, and
 *     answers every later task with that reason; 0: no limit
 */
public record AgentLimits(Duration sessionTimeout, int maxConsecutiveErrors, int maxTotalErrors, Liveness liveness) {

    /**
     * Watching an agent that waits for its own model answer, tool or delegate (not for a person or
     * for the run): after {@code nudgeAfter}, then every {@code nudgeInterval}, up to
     * {@code maxNudges} nudges; a warning after {@code warnAfter}; after {@code stallTimeout} it is
     * stalled, and interrupted when {@code autoInterrupt}.
     */
    public record Liveness(
            boolean enabled,
            Duration nudgeAfter,
            Duration nudgeInterval,
            int maxNudges,
            Duration warnAfter,
            Duration stallTimeout,
            boolean autoInterrupt) {}

    /** No limit and no watching. */
    public static final AgentLimits NONE = new AgentLimits(
            Duration.ZERO,
            0,
            0,
            new Liveness(false, Duration.ZERO, Duration.ZERO, 0, Duration.ZERO, Duration.ZERO, false));

    /** From {@code svc.agents} of the {@code svc} config. */
    public static AgentLimits fromConfig(Config svc) {
        Config a = svc.getConfig("agents");
        Config l = a.getConfig("liveness");
        return new AgentLimits(
                nonNegative(a.getDuration("session-timeout"), "svc.agents.session-timeout"),
                nonNegative(a.getInt("max-consecutive-errors"), "svc.agents.max-consecutive-errors"),
                nonNegative(a.getInt("max-total-errors"), "svc.agents.max-total-errors"),
                new Liveness(
                        l.getBoolean("enabled"),
                        positive(l.getDuration("idle-nudge-after"), "idle-nudge-after"),
                        positive(l.getDuration("idle-nudge-interval"), "idle-nudge-interval"),
                        nonNegative(l.getInt("max-nudges"), "svc.agents.liveness.max-nudges"),
                        positive(l.getDuration("idle-warn-after"), "idle-warn-after"),
                        positive(l.getDuration("stall-timeout"), "stall-timeout"),
                        l.getBoolean("auto-interrupt-stalled")));
    }

    private static Duration nonNegative(Duration d, String key) {
        if (d.isNegative()) {
            throw new IllegalArgumentException(key + " must not be negative, got " + d);
        }
        return d;
    }

    private static int nonNegative(int n, String key) {
        if (n < 0) {
            throw new IllegalArgumentException(key + " must not be negative, got " + n);
        }
        return n;
    }

    private static Duration positive(Duration d, String key) {
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException("svc.agents.liveness." + key + " must be positive, got " + d);
        }
        return d;
    }
}
