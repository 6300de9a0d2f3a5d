package svc.http.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.LoggerFactory;
import svc.http.testing.Api;
import svc.http.testing.ServerExtension;
import svc.http.testing.TestServer;

@ExtendWith(ServerExtension.class)
class AccessLogTest {

    private final Api api;

    AccessLogTest(TestServer server) {
        this.api = server.api;
    }

    @Test
    void everyRequestLogsOneLineWithItsCorrelationIdRouteAndStatus() {
        Logger access = (Logger) LoggerFactory.getLogger("svc.http.access");
        ListAppender<ILoggingEvent> appender = new ListAppender<>();
        appender.start();
        Level before = access.getLevel();
        access.setLevel(Level.INFO);
        access.addAppender(appender);
        try {
            api.get(
                    "/api/v1/pipelines/run-0000000000000abc",
                    "X-Correlation-Id",
                    "log-test-1",
                    "X-API-Key",
                    TestServer.API_KEY);
        } finally {
            access.detachAppender(appender);
            access.setLevel(before);
        }
        assertThat(appender.list)
                .filteredOn(e -> "log-test-1".equals(e.getMDCPropertyMap().get("correlation_id")))
                .singleElement()
                .satisfies(e -> {
                    assertThat(e.getMDCPropertyMap())
                            .containsEntry("route", "/api/v1/pipelines/{run_id}")
                            .containsEntry("status", "404")
                            .containsEntry("method", "GET")
                            .containsKey("duration_ms");
                });
    }
}
