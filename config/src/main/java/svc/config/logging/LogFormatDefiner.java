package svc.config.logging;

import ch.qos.logback.core.PropertyDefinerBase;

/**
 * Defines which appender writes ({@code json} or {@code text}) from {@code SVC_LOG_FORMAT}: this is how
 * logback.xml chooses between JSON and text without conditionals (and without janino). An
 * unknown value falls back to JSON with a warning in logback's status output.
 */
public final class LogFormatDefiner extends PropertyDefinerBase {

    @Override
    public String getPropertyValue() {
        String raw = SettingLookup.read(getContext(), LogSettings.FORMAT_VARIABLE);
        LogSettings.Format format = LogSettings.parseFormat(raw).orElse(LogSettings.Format.JSON);
        if (raw != null && LogSettings.parseFormat(raw).isEmpty()) {
            addWarn(LogSettings.FORMAT_VARIABLE + "=" + raw + " is not json or text; writing JSON");
        }
        return format.appenderName();
    }
}
