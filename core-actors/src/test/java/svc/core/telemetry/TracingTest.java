package svc.core.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.core.run.RunView;
import svc.core.testing.FakeToolbox;
import svc.core.testing.PlatformFixture;

/**
 * With OTEL_EXPORTER_OTLP_ENDPOINT set, a run's spans reach an OTLP/HTTP collector (here a local
 * server that keeps the protobuf bodies), all in the trace derived from the run id.
 */
class TracingTest {

    @TempDir
    Path home;

    private HttpServer collector;
    private final List<byte[]> exports = new CopyOnWriteArrayList<>();
    private final List<String> contentTypes = new CopyOnWriteArrayList<>();
    private PlatformFixture fx;

    @BeforeEach
    void startCollector() throws Exception {
        collector = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 16);
        collector.createContext("/v1/traces", exchange -> {
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            exchange.getRequestBody().transferTo(body);
            exports.add(body.toByteArray());
            contentTypes.add(exchange.getRequestHeaders().getFirst("Content-Type"));
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        collector.start();
    }

    @AfterEach
    void stop() {
        if (fx != null) {
            fx.close();
        }
        collector.stop(0);
    }

    @Test
    void aRunsSpansReachTheCollectorInOneTraceWithTheSpecsNames() throws Exception {
        fx = new PlatformFixture(home, new FakeToolbox());
        fx.tracing = Tracing.fromEnvironment(Map.of(
                "OTEL_EXPORTER_OTLP_ENDPOINT",
                "http://127.0.0.1:" + collector.getAddress().getPort(),
                "OTEL_SERVICE_NAME",
                "svc-under-test"));
        fx.start(Map.of());
        RunView run = fx.startRun("fast_prototype");
        fx.awaitState(run.runId(), "succeeded");
        byte[] traceId = HexFormat.of().parseHex(Tracing.traceIdOf(run.runId()));
        fx.eventually(Duration.ofSeconds(20), () -> {
            fx.tracing.flush();
            String all = new String(concat(), StandardCharsets.ISO_8859_1);
            assertThat(all)
                    .contains(
                            "pipeline.run",
                            "agent.invoke",
                            "llm.call",
                            "tool.dispatch",
                            "permission.check",
                            "svc-under-test");
            assertThat(all).contains(new String(traceId, StandardCharsets.ISO_8859_1));
            assertThat(all).contains("run_id", "tokens_in", "cost_usd", "rule_source");
        });
        assertThat(contentTypes).allSatisfy(t -> assertThat(t).startsWith("application/x-protobuf"));
    }

    @Test
    void withoutAnEndpointTracingIsANoOp() {
        assertThat(Tracing.fromEnvironment(Map.of())).isSameAs(Tracing.NOOP);
    }

    private byte[] concat() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        exports.forEach(out::writeBytes);
        return out.toByteArray();
    }
}
