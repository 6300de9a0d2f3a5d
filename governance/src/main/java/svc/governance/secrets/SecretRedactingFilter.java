package svc.governance.secrets;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.CallerData;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import java.util.Arrays;
import org.slf4j.Marker;
import org.slf4j.helpers.MessageFormatter;

/**
 * G6 as a logback {@link TurboFilter}: it sees every logging call of every logger before an event
 * exists. A turbo filter cannot edit a message, so when the formatted message (or an exception
 * message) holds a secret, it hands an already-redacted event straight to the logger's appenders
 * and DENYs the original call; calls without secrets pass untouched (NEUTRAL) at the cost of one
 * scan. Install once per logger context:
 * <pre>{@code
 * <turboFilter class="svc.governance.secrets.SecretRedactingFilter"/>
 * }</pre>
 * or {@link #install(LoggerContext)}. Limits: SLF4J 2 fluent key-value pairs and MDC values are
 * not scanned.
 */
public final class SecretRedactingFilter extends TurboFilter {

    private final SecretRedactor redactor;

    public SecretRedactingFilter() {
        this(SecretRedactor.defaults());
    }

    public SecretRedactingFilter(SecretRedactor redactor) {
        this.redactor = redactor;
        setName("svc-secret-redactor");
    }

    /** Adds a started filter to {@code context} and returns it. */
    public static SecretRedactingFilter install(LoggerContext context) {
        SecretRedactingFilter filter = new SecretRedactingFilter();
        filter.setContext(context);
        filter.start();
        context.addTurboFilter(filter);
        return filter;
    }

    @Override
    public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params, Throwable t) {
        // isXxxEnabled() checks arrive with a null format; level checks are not ours to answer.
        if (!isStarted() || format == null || level == null) {
            return FilterReply.NEUTRAL;
        }
        boolean belowThreshold = !level.isGreaterOrEqual(logger.getEffectiveLevel());
        // Below the logger's level the call is normally dropped, and scanning every disabled debug
        // call would cost a scan each. But another turbo filter (a per-user debug switch) may still
        // ACCEPT it after this one says NEUTRAL; then it must not carry a secret, so with other
        // turbo filters present such calls are scanned and, if they hold a secret, denied outright.
        if (belowThreshold && logger.getLoggerContext().getTurboFilterList().size() <= 1) {
            return FilterReply.NEUTRAL;
        }
        Throwable throwable = t;
        Object[] args = params;
        if (throwable == null
                && params != null
                && params.length > 0
                && params[params.length - 1] instanceof Throwable) {
            // SLF4J convention: a trailing Throwable argument is the exception, not a placeholder value.
            throwable = (Throwable) params[params.length - 1];
            args = Arrays.copyOf(params, params.length - 1);
        }
        String formatted = MessageFormatter.basicArrayFormat(format, args);
        String redacted = redactor.apply(formatted);
        Throwable safeThrowable = RedactedThrowable.redact(throwable, redactor);
        if (redacted.equals(formatted) && safeThrowable == throwable) {
            return FilterReply.NEUTRAL;
        }
        if (belowThreshold) {
            return FilterReply.DENY;
        }
        LoggingEvent event = new LoggingEvent(Logger.FQCN, logger, level, redacted, safeThrowable, null);
        // Caller data is computed lazily from the stack; computed later, the first frame outside
        // logback would be this filter. Computed here, it is the code that called the logger.
        LoggerContext loggerContext = logger.getLoggerContext();
        event.setCallerData(CallerData.extract(
                new Throwable(),
                Logger.FQCN,
                loggerContext.getMaxCallerDataDepth(),
                loggerContext.getFrameworkPackages()));
        if (marker != null) {
            event.addMarker(marker);
        }
        logger.callAppenders(event);
        return FilterReply.DENY;
    }
}
