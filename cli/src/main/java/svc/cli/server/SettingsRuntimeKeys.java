package svc.cli.server;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;
import svc.config.effective.Layer;
import svc.config.effective.Origin;
import svc.config.settings.DefaultsConfig;
import svc.config.settings.LivenessConfig;
import svc.config.settings.ProjectConfig;

/**
 * The settings file's fields that the platform reads as {@code svc.agents.*} keys, as a layer of
 * origin {@code settings:<project path>}: what the file writes (the spec's defaults are those of
 * {@code reference.conf}), so the environment still outranks it and
 * {@code /api/v1/config/effective} shows which layer decided.
 *
 * <ul>
 *   <li>{@code defaults.session_timeout} (seconds) → {@code svc.agents.session-timeout};
 *   <li>{@code defaults.max_consecutive_errors}, {@code max_total_errors} →
 *       {@code svc.agents.max-consecutive-errors}, {@code max-total-errors};
 *   <li>{@code defaults.liveness.*} → {@code svc.agents.liveness.*} ({@code _secs} as durations);
 *   <li>{@code sub_agent_defaults.max_depth}, {@code max_delegations_per_run}, {@code loop_scope} →
 *       G10's {@code svc.agents.max-delegation-depth}, {@code max-delegations-per-run},
 *       {@code delegation-scope}.
 * </ul>
 *
 * Counts above 2147483647 (the file allows u32) count as 2147483647, and durations above a
 * hundred years as a hundred years: both mean "never" and fit what the runtime holds.
 */
final class SettingsRuntimeKeys {

    private static final long MAX_SECONDS = 100L * 365 * 24 * 3600;

    private SettingsRuntimeKeys() {}

    static Layer layer(String projectPath, ProjectConfig written) {
        Map<String, Object> values = new LinkedHashMap<>();
        DefaultsConfig d = written.defaults();
        if (d != null) {
            seconds(values, "svc.agents.session-timeout", d.sessionTimeout());
            count(values, "svc.agents.max-consecutive-errors", d.maxConsecutiveErrors());
            count(values, "svc.agents.max-total-errors", d.maxTotalErrors());
            LivenessConfig l = d.liveness();
            if (l != null) {
                String p = "svc.agents.liveness.";
                if (l.enabled() != null) {
                    values.put(p + "enabled", l.enabled());
                }
                seconds(values, p + "idle-nudge-after", l.idleNudgeAfterSecs());
                seconds(values, p + "idle-nudge-interval", l.idleNudgeIntervalSecs());
                count(values, p + "max-nudges", l.maxNudges());
                seconds(values, p + "idle-warn-after", l.idleWarnAfterSecs());
                seconds(values, p + "stall-timeout", l.stallTimeoutSecs());
                if (l.autoInterruptStalled() != null) {
                    values.put(p + "auto-interrupt-stalled", l.autoInterruptStalled());
                }
            }
        }
        if (written.subAgentDefaults() != null) {
            JsonNode limits = written.subAgentDefaults().json();
            if (limits.hasNonNull("max_depth")) {
                count(
                        values,
                        "svc.agents.max-delegation-depth",
                        limits.get("max_depth").asLong());
            }
            if (limits.hasNonNull("max_delegations_per_run")) {
                count(
                        values,
                        "svc.agents.max-delegations-per-run",
                        limits.get("max_delegations_per_run").asLong());
            }
            if (limits.hasNonNull("loop_scope")) {
                values.put(
                        "svc.agents.delegation-scope", limits.get("loop_scope").asText());
            }
        }
        return Layer.of(Origin.settings(projectPath), values);
    }

    private static void seconds(Map<String, Object> values, String key, Long seconds) {
        if (seconds != null) {
            values.put(key, Math.min(seconds, MAX_SECONDS) + "s");
        }
    }

    private static void count(Map<String, Object> values, String key, Long n) {
        if (n != null) {
            values.put(key, (int) Math.min(n, Integer.MAX_VALUE));
        }
    }
}
