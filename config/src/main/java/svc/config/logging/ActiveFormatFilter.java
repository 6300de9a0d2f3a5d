package svc.config.logging;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.filter.Filter;
import ch.qos.logback.core.spi.FilterReply;

/**
 * Lets an appender write only when its format is the one {@code SVC_LOG_FORMAT} chose. Both
 * appenders of logback.xml stay attached to the root logger: leaving one unreferenced instead
 * makes logback warn, and a warning makes it print its whole status list at every start.
 */
public final class ActiveFormatFilter extends Filter<ILoggingEvent> {

    private String format;
    private String activeFormat;
    private boolean active;

    /** The format this appender writes ({@code json} or {@code text}). */
    public void setFormat(String format) {
        this.format = format;
    }

    /** The format chosen for the process, normally {@code ${SVC_LOG_FORMAT_CHOSEN}}. */
    public void setActiveFormat(String activeFormat) {
        this.activeFormat = activeFormat;
    }

    @Override
    public void start() {
        if (format == null || activeFormat == null) {
            addError("ActiveFormatFilter needs both <format> and <activeFormat>");
            return;
        }
        active = format.equals(activeFormat);
        super.start();
    }

    @Override
    public FilterReply decide(ILoggingEvent event) {
        return active ? FilterReply.NEUTRAL : FilterReply.DENY;
    }
}
