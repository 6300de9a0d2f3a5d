package svc.config.logging;

import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Tribuo logs every model it trains through java.util.logging; a file of its own because
 * {@link ConsoleLogging} imports logback's {@code Logger} and {@code Level}.
 */
final class TribuoLogging {

    /** Held here because java.util.logging keeps loggers only weakly; a collected one loses its level. */
    private static final Logger TRIBUO = Logger.getLogger("org.tribuo");

    private TribuoLogging() {}

    static void warningsOnly() {
        TRIBUO.setLevel(Level.WARNING);
    }
}
