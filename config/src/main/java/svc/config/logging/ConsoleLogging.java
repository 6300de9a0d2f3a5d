package svc.config.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logging for commands a person watches (the demo, the CLI): warnings and errors only, unless
 * {@code SVC_LOG_LEVEL} asks for more. Libraries that log through java.util.logging (Tribuo logs
 * every model it trains) are held to warnings as well.
 */
public final class ConsoleLogging {

    private ConsoleLogging() {}

    public static void quietUnlessConfigured() {
        String configured = System.getenv(LogSettings.LEVEL_VARIABLE);
        if (configured == null || configured.isBlank()) {
            ((Logger) LoggerFactory.getLogger(Logger.ROOT_LOGGER_NAME)).setLevel(Level.WARN);
        }
        TribuoLogging.warningsOnly();
    }
}
