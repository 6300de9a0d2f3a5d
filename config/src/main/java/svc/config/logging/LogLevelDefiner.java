package svc.config.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.core.PropertyDefinerBase;

/**
 * Defines the root level from {@code SVC_LOG_LEVEL}, mapping the spec's names to logback's. An
 * unknown value falls back to INFO with a warning in logback's status output (logback's own
 * parser would silently turn it into DEBUG).
 */
public final class LogLevelDefiner extends PropertyDefinerBase {

    @Override
    public String getPropertyValue() {
        String raw = SettingLookup.read(getContext(), LogSettings.LEVEL_VARIABLE);
        Level level = LogSettings.parseLevel(raw).orElse(Level.INFO);
        if (raw != null && LogSettings.parseLevel(raw).isEmpty()) {
            addWarn(LogSettings.LEVEL_VARIABLE + "=" + raw
                    + " is not DEBUG, INFO, WARNING, ERROR or CRITICAL; logging at INFO");
        }
        return level.toString();
    }
}
