package svc.config.logging;

import ch.qos.logback.classic.Level;
import java.util.Locale;
import java.util.Optional;

/**
 * How {@code SVC_LOG_FORMAT} and {@code SVC_LOG_LEVEL} are read. The spec's levels are those of
 * Python-style services (WARNING, CRITICAL); logback has no such names, so they are mapped here.
 */
public final class LogSettings {

    /** {@code json} (default) or {@code text}. */
    public static final String FORMAT_VARIABLE = "SVC_LOG_FORMAT";
    /** DEBUG, INFO (default), WARNING, ERROR or CRITICAL. */
    public static final String LEVEL_VARIABLE = "SVC_LOG_LEVEL";

    /** The two output formats; each is an appender of that (lower-case) name in logback.xml. */
    public enum Format {
        JSON,
        TEXT;

        /** The name of the logback appender that writes this format. */
        public String appenderName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private LogSettings() {}

    /** The format a variable's value asks for; empty when the value is not one. */
    public static Optional<Format> parseFormat(String raw) {
        if (raw == null) {
            return Optional.empty();
        }
        return switch (raw.trim().toLowerCase(Locale.ROOT)) {
            case "json" -> Optional.of(Format.JSON);
            case "text" -> Optional.of(Format.TEXT);
            default -> Optional.empty();
        };
    }

    /**
     * The logback level for one of the spec's level names (any case): WARNING is WARN, CRITICAL is
     * ERROR. WARN is accepted too, since logback users will type it. Empty for anything else.
     */
    public static Optional<Level> parseLevel(String raw) {
        if (raw == null) {
            return Optional.empty();
        }
        return switch (raw.trim().toUpperCase(Locale.ROOT)) {
            case "DEBUG" -> Optional.of(Level.DEBUG);
            case "INFO" -> Optional.of(Level.INFO);
            case "WARNING", "WARN" -> Optional.of(Level.WARN);
            case "ERROR", "CRITICAL" -> Optional.of(Level.ERROR);
            default -> Optional.empty();
        };
    }
}
