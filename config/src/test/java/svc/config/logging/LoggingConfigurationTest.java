package svc.config.logging;

import static net.logstash.logback.argument.StructuredArguments.kv;
import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.AsyncAppender;
import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.status.Status;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;
import svc.config.Json;

/**
 * Configures a fresh logback context from the shipped logback.xml (not the test one), with the
 * SVC_LOG_* settings given as context properties, and reads what it writes.
 */
@SuppressWarnings("try") // an Mdc.Scope is opened for its effect, never referenced
class LoggingConfigurationTest {

    private final ByteArrayOutputStream output = new ByteArrayOutputStream();
    private LoggerContext context;

    @AfterEach
    void stop() {
        if (context != null) {
            context.stop();
        }
    }

    /** The shipped configuration, with its chosen console appender redirected into memory. */
    private Logger configure(Map<String, String> settings) throws Exception {
        context = new LoggerContext();
        // share the MDC that org.slf4j.MDC (and so Mdc) writes to
        context.setMDCAdapter(MDC.getMDCAdapter());
        settings.forEach(context::putProperty);
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        URL shipped = LoggingConfigurationTest.class.getResource("/logback.xml");
        configurator.doConfigure(shipped);

        // Both appenders are attached, each with its filter; swap their consoles for memory.
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        for (String name : List.of("json", "text")) {
            ConsoleAppender<ILoggingEvent> console = (ConsoleAppender<ILoggingEvent>) root.getAppender(name);
            assertThat(console).as("appender %s", name).isNotNull();
            root.detachAppender(console);
            OutputStreamAppender<ILoggingEvent> capture = new OutputStreamAppender<>();
            capture.setContext(context);
            capture.setName(name);
            capture.setEncoder(console.getEncoder());
            console.getCopyOfAttachedFiltersList().forEach(capture::addFilter);
            capture.setOutputStream(output);
            capture.start();
            root.addAppender(capture);
        }
        return root;
    }

    private List<String> lines() {
        return output.toString(StandardCharsets.UTF_8).lines().toList();
    }

    @Test
    void jsonLinesCarryTheSpecFieldsMdcAndStructuredArguments() throws Exception {
        Logger root = configure(Map.of(LogSettings.FORMAT_VARIABLE, "json"));
        Logger log = context.getLogger("svc.core.run.RunEntity");

        try (Mdc.Scope scope = Mdc.scope(Mdc.RUN_ID, "run-42").and(Mdc.AGENT, "trainer")) {
            log.info("tool call finished", kv("tool", "train_model"), kv("duration_ms", 125));
        }
        log.warn("no run here");

        List<String> lines = lines();
        assertThat(lines).hasSize(2);
        JsonNode first = Json.MAPPER.readTree(lines.get(0));
        assertThat(first.path("event").asText()).isEqualTo("tool call finished");
        assertThat(first.path("level").asText()).isEqualTo("INFO");
        assertThat(first.path("logger").asText()).isEqualTo("svc.core.run.RunEntity");
        assertThat(Instant.parse(first.path("ts").asText())).isNotNull();
        assertThat(first.path("ts").asText()).endsWith("Z");
        assertThat(first.path("run_id").asText()).isEqualTo("run-42");
        assertThat(first.path("agent").asText()).isEqualTo("trainer");
        assertThat(first.has("correlation_id")).isFalse();
        assertThat(first.path("tool").asText()).isEqualTo("train_model");
        assertThat(first.path("duration_ms").asInt()).isEqualTo(125);

        JsonNode second = Json.MAPPER.readTree(lines.get(1));
        assertThat(second.path("level").asText()).isEqualTo("WARN");
        assertThat(second.has("run_id")).isFalse(); // the scope put the MDC back as it was
        assertThat(root.getLevel()).isEqualTo(Level.INFO);
    }

    @Test
    void otherMdcKeysStayOutAndExceptionsBecomeAStackTraceField() throws Exception {
        configure(Map.of(LogSettings.FORMAT_VARIABLE, "json"));
        Logger log = context.getLogger("svc.test");

        try (Mdc.Scope scope = Mdc.scope("pekkoSource", "x").and(Mdc.CORRELATION_ID, "req-7")) {
            log.error("tool failed", new IllegalStateException("disk full"));
        }

        JsonNode line = Json.MAPPER.readTree(lines().get(0));
        assertThat(line.path("correlation_id").asText()).isEqualTo("req-7");
        assertThat(line.has("pekkoSource")).isFalse();
        assertThat(line.path("stack_trace").asText()).startsWith("java.lang.IllegalStateException: disk full");
    }

    /**
     * The API's access log goes through an asynchronous appender that never blocks a request and
     * drops nothing by level, to the same consoles; its MDC fields are JSON fields.
     */
    @Test
    void theAccessLogIsWrittenAsynchronouslyWithItsFields() throws Exception {
        configure(Map.of(LogSettings.FORMAT_VARIABLE, "json"));
        Logger access = context.getLogger("svc.http.access");
        assertThat(access.isAdditive()).isFalse();
        for (String format : List.of("json", "text")) {
            AsyncAppender async = (AsyncAppender) access.getAppender("access-" + format);
            assertThat(async.isNeverBlock()).as(format).isTrue();
            assertThat(async.getDiscardingThreshold()).as(format).isZero();
            assertThat(async.getAppender(format)).as(format).isInstanceOf(ConsoleAppender.class);
        }

        // The consoles' encoder makes the access log's MDC entries JSON fields.
        Logger log = context.getLogger("svc.test");
        try (Mdc.Scope scope = Mdc.scope(Mdc.CORRELATION_ID, "req-9")
                .and("method", "GET")
                .and("path", "/api/v1/pipelines/run-1")
                .and("route", "/api/v1/pipelines/{run_id}")
                .and("status", "404")
                .and("duration_ms", "3")) {
            log.info("http request GET /api/v1/pipelines/run-1 -> 404");
        }
        JsonNode line = Json.MAPPER.readTree(lines().get(0));
        assertThat(line.path("correlation_id").asText()).isEqualTo("req-9");
        assertThat(line.path("method").asText()).isEqualTo("GET");
        assertThat(line.path("path").asText()).isEqualTo("/api/v1/pipelines/run-1");
        assertThat(line.path("route").asText()).isEqualTo("/api/v1/pipelines/{run_id}");
        assertThat(line.path("status").asText()).isEqualTo("404");
        assertThat(line.path("duration_ms").asText()).isEqualTo("3");
    }

    @Test
    void textFormatWritesAReadableLineWithTheMdc() throws Exception {
        configure(Map.of(LogSettings.FORMAT_VARIABLE, "TEXT"));
        Logger log = context.getLogger("svc.test");

        try (Mdc.Scope scope = Mdc.scope(Mdc.RUN_ID, "run-1")) {
            log.info("started");
        }
        log.info("plain");

        assertThat(lines().get(0)).matches("\\d{4}-\\d\\d-\\d\\d [\\d:.]+ INFO  svc.test - started \\[run_id=run-1]");
        assertThat(lines().get(1)).endsWith("INFO  svc.test - plain");
    }

    @Test
    void theSpecLevelsMapToLogbackLevels() throws Exception {
        Logger root = configure(Map.of(LogSettings.LEVEL_VARIABLE, "warning"));
        context.getLogger("svc.test").info("hidden");
        context.getLogger("svc.test").warn("shown");

        assertThat(root.getLevel()).isEqualTo(Level.WARN);
        assertThat(lines()).hasSize(1);
        assertThat(LogSettings.parseLevel("CRITICAL")).hasValue(Level.ERROR);
        assertThat(LogSettings.parseLevel("debug")).hasValue(Level.DEBUG);
        assertThat(LogSettings.parseLevel("ERROR")).hasValue(Level.ERROR);
        assertThat(LogSettings.parseLevel("verbose")).isEmpty();
    }

    @Test
    void aValidConfigurationLeavesNoWarningForLogbackToPrintAtStartUp() throws Exception {
        for (String format : List.of("json", "text")) {
            configure(Map.of(LogSettings.FORMAT_VARIABLE, format, LogSettings.LEVEL_VARIABLE, "DEBUG"));
            assertThat(context.getStatusManager().getCopyOfStatusList())
                    .as("logback prints its whole status list at start-up when one is a warning")
                    .allSatisfy(status -> assertThat(status.getLevel()).isEqualTo(Status.INFO));
            context.stop();
        }
    }

    @Test
    void anUnknownLevelFallsBackToInfoRatherThanDebug() throws Exception {
        Logger root = configure(Map.of(LogSettings.LEVEL_VARIABLE, "verbose"));

        assertThat(root.getLevel()).isEqualTo(Level.INFO);
        assertThat(context.getStatusManager().getCopyOfStatusList())
                .anySatisfy(s -> assertThat(s.getMessage()).contains("SVC_LOG_LEVEL=verbose"));
    }

    @Test
    void nestedScopesRestoreTheOuterValue() {
        try (Mdc.Scope run = Mdc.scope(Mdc.AGENT, "director")) {
            try (Mdc.Scope inner = Mdc.scope(Mdc.AGENT, "trainer")) {
                assertThat(MDC.get(Mdc.AGENT)).isEqualTo("trainer");
            }
            assertThat(MDC.get(Mdc.AGENT)).isEqualTo("director");
        }
        assertThat(MDC.get(Mdc.AGENT)).isNull();
    }
}
