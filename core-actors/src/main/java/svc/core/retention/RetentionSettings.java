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

    /** Set by svc server's resolved configuration when SVC_DEPLOYMENT selects a deployment. */
    private static final String DEPLOYMENT_NAME = "svc.deployment.name";

    private static final String RESOLVED_DAYS = "svc.governance.retention";

    public static RetentionSettings fromConfig(Config config) {
        Config r = config.getConfig("svc.retention");
        String template = r.getString("deployment.template").strip();
        Retention days = null;
        if (!template.isEmpty()) {
            days = days(r.getConfig("deployment"), "svc.retention.deployment.");
        } else if (config.hasPath(DEPLOYMENT_NAME) && config.hasPath(RESOLVED_DAYS)) {
            // svc server's resolved configuration: the deployment's template is the default
            // profile, and its days (the template's with the deployment's overrides) are resolved.
            template = config.getString("svc.governance.default-profile");
            days = days(config.getConfig(RESOLVED_DAYS), RESOLVED_DAYS + ".");
        }
        return new RetentionSettings(
                r.getBoolean("enabled"),
                r.getString("schedule"),
                r.getString("timezone"),
                config.getString("svc.governance.default-profile"),
                template.isEmpty() ? null : template,
                days);
    }

    private static Retention days(Config d, String prefix) {
        return new Retention(
                positive(d, prefix, "conversations-days"),
                positive(d, prefix, "run-events-days"),
                positive(d, prefix, "audit-pdfs-days"),
                positive(d, prefix, "shadow-predictions-days"));
    }

    private static int positive(Config c, String prefix, String key) {
        if (!c.hasPath(key)) {
            throw new IllegalArgumentException(prefix + key + " must be set with the deployment's template");
        }
        int days = c.getInt(key);
        if (days < 1) {
            throw new IllegalArgumentException(prefix + key + " must be at least 1, got " + days);
        }
        return days;
    }
}
