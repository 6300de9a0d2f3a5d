package svc.core.retention;

import com.typesafe.config.Config;
import svc.library.template.Retention;

/**
 * {@code svc.retention}, read once at start.
 *
 * @param enabled whether the daily job is registered (off: nothing is pruned unless an admin asks)
 * @param schedule five-field cron expression of the daily sweep
 * @param timezone the schedule's zone
 * @param defaultProfile the template of runs that named none ({@code svc.governance.default-profile})
 * @param deploymentTemplate the selected deployment's template, or null
 * @param deploymentDays the deployment's effective periods, or null
 */
public record RetentionSettings(
        boolean enabled,
        String schedule,
        String timezone,
        String defaultProfile,
        String deploymentTemplate,
        Retention deploymentDays) {

    public static RetentionSettings fromConfig(Config config) {
        Config r = config.getConfig("svc.retention");
        String template = r.getString("deployment.template").strip();
        Retention days = null;
        if (!template.isEmpty()) {
            Config d = r.getConfig("deployment");
            days = new Retention(
                    positive(d, "conversations-days"),
                    positive(d, "run-events-days"),
                    positive(d, "audit-pdfs-days"),
                    positive(d, "shadow-predictions-days"));
        }
        return new RetentionSettings(
                r.getBoolean("enabled"),
                r.getString("schedule"),
                r.getString("timezone"),
                config.getString("svc.governance.default-profile"),
                template.isEmpty() ? null : template,
                days);
    }

    private static int positive(Config c, String key) {
        if (!c.hasPath(key)) {
            throw new IllegalArgumentException(
                    "svc.retention.deployment." + key + " must be set when svc.retention.deployment.template is");
        }
        int days = c.getInt(key);
        if (days < 1) {
            throw new IllegalArgumentException("svc.retention.deployment." + key + " must be at least 1, got " + days);
        }
        return days;
    }
}
