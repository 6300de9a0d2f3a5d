package svc.governance.secrets;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.AppenderBase;
import ch.qos.logback.core.read.ListAppender;
import ch.qos.logback.core.spi.FilterReply;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.Marker;
import org.slf4j.MarkerFactory;

/** A real logback context, the filter installed on it, a list appender on the root logger. */
class SecretRedactingFilterTest {

    private LoggerContext context;
    private ListAppender<ILoggingEvent> appender;
    private Logger log;

    @BeforeEach
    void setUp() {
        context = new LoggerContext();
        appender = new ListAppender<>();
        appender.setContext(context);
        appender.start();
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.INFO);
        root.addAppender(appender);
        SecretRedactingFilter.install(context);
        log = context.getLogger("svc.test.Component");
    }

    @Test
    void secretsInParametersAreRedactedBeforeAnyAppenderSeesThem() {
        log.info("calling vendor with key {} for run {}", "sk-ant-api03-abcdefghijklmnopqrstuvwxyz", "r-1");
        assertThat(appender.list).hasSize(1);
        ILoggingEvent e = appender.list.get(0);
        assertThat(e.getFormattedMessage())
                .isEqualTo("calling vendor with key "
                        + SecretRedactor.placeholder("sk-ant-api03-abcdefghijklmnopqrstuvwxyz") + " for run r-1");
        assertThat(e.getLevel()).isEqualTo(Level.INFO);
        assertThat(e.getLoggerName()).isEqualTo("svc.test.Component");
    }

    @Test
    void theRedactedEventStillNamesTheCallingClass() {
        List<String> callers = new ArrayList<>();
        AppenderBase<ILoggingEvent> callerRecorder = new AppenderBase<>() {
            @Override
            protected void append(ILoggingEvent event) {
                // caller data is computed lazily from the stack, so it must be read during append
                callers.add(event.getCallerData()[0].getClassName() + "." + event.getCallerData()[0].getMethodName());
            }
        };
        callerRecorder.setContext(context);
        callerRecorder.start();
        log.addAppender(callerRecorder);
        log.info("password={}", "hunter22");
        assertThat(callers).containsExactly(getClass().getName() + ".theRedactedEventStillNamesTheCallingClass");
    }

    @Test
    void cleanMessagesPassUnchangedWithTheirArguments() {
        log.info("trained {} models", 3);
        assertThat(appender.list).extracting(ILoggingEvent::getFormattedMessage).containsExactly("trained 3 models");
        assertThat(appender.list.get(0).getArgumentArray()).containsExactly(3);
    }

    @Test
    void levelsBelowTheThresholdAreStillDropped() {
        log.debug("password=hunter22");
        assertThat(appender.list).isEmpty();
    }

    @Test
    void aSecretBelowTheLevelIsDeniedWhenAnotherTurboFilterCouldLetItThrough() {
        // a "debug for this request" switch: accepts everything below the level
        TurboFilter debugSwitch = new TurboFilter() {
            @Override
            public FilterReply decide(
                    Marker marker, Logger logger, Level level, String format, Object[] params, Throwable t) {
                return FilterReply.ACCEPT;
            }
        };
        debugSwitch.start();
        context.addTurboFilter(debugSwitch);
        log.debug("password={}", "hunter22");
        log.debug("rows={}", 12);
        assertThat(appender.list).extracting(ILoggingEvent::getFormattedMessage).containsExactly("rows=12");
    }

    @Test
    void markersSurviveRedaction() {
        log.warn(MarkerFactory.getMarker("AUDIT"), "password={}", "hunter22");
        assertThat(appender.list.get(0).getMarkerList())
                .extracting(Object::toString)
                .containsExactly("AUDIT");
        assertThat(appender.list.get(0).getFormattedMessage()).doesNotContain("hunter22");
    }

    @Test
    void exceptionMessagesAreRedactedAndKeepTheirStackTrace() {
        IllegalStateException cause = new IllegalStateException("token=abc123secret rejected");
        RuntimeException failure = new RuntimeException("upload failed", cause);
        log.error("upload of {} failed", "model.bin", failure);
        ILoggingEvent e = appender.list.get(0);
        assertThat(e.getFormattedMessage()).isEqualTo("upload of model.bin failed");
        assertThat(e.getThrowableProxy().getMessage()).isEqualTo("java.lang.RuntimeException: upload failed");
        assertThat(e.getThrowableProxy().getCause().getMessage())
                .isEqualTo("java.lang.IllegalStateException: token=" + SecretRedactor.placeholder("abc123secret")
                        + " rejected");
        assertThat(e.getThrowableProxy().getStackTraceElementProxyArray()).hasSameSizeAs(failure.getStackTrace());
    }

    @Test
    void exceptionsWithoutSecretsAreLoggedAsTheyAre() {
        log.error("boom", new IllegalArgumentException("bad column 'age'"));
        assertThat(appender.list.get(0).getThrowableProxy().getClassName())
                .isEqualTo("java.lang.IllegalArgumentException");
    }
}
