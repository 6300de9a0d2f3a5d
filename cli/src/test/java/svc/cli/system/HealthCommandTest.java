package svc.cli.system;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.cli.ExitCodes;
import svc.cli.testing.Cli;
import svc.cli.testing.LiveServer;

/** {@code svc health} on the real server, and on a server that is alive but not ready. */
@ExtendWith(LiveServer.Extension.class)
class HealthCommandTest {

    private final LiveServer server;
    private final Cli cli = new Cli();

    HealthCommandTest(LiveServer server) {
        this.server = server;
    }

    @Test
    void aReadyServerPrintsBothProbesAndExits0() {
        Cli.Result health = cli.run("health", "--url", server.url);
        assertThat(health.exitCode()).as(health.toString()).isEqualTo(ExitCodes.OK);
        JsonNode body = health.json();
        assertThat(body.get("url").asText()).isEqualTo(server.url);
        assertThat(body.at("/healthz/status").asText()).isEqualTo("ok");
        assertThat(body.at("/healthz/http_status").asInt()).isEqualTo(200);
        assertThat(body.at("/livez/status").asText()).isEqualTo("ok");
        assertThat(body.at("/livez/checks/database/ok").asBoolean()).isTrue();
    }

    /** The real server cannot be made unready on demand, so this one answers /livez as a broken database would. */
    @Test
    void aServerThatIsAliveButNotReadyExits1AndNamesTheFailingCheck() throws IOException {
        HttpServer fake = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        fake.createContext("/healthz", exchange -> answer(exchange, 200, "{\"status\":\"ok\"}"));
        fake.createContext(
                "/livez",
                exchange -> answer(
                        exchange,
                        503,
                        "{\"status\":\"degraded\",\"checks\":{\"database\":{\"ok\":false,\"detail\":\"no answer "
                                + "within 2 s\"},"
                                + "\"artifact_store\":{\"ok\":true,\"detail\":\"writable\"}}}"));
        fake.start();
        try {
            Cli.Result health = cli.run(
                    "health", "--url", "http://127.0.0.1:" + fake.getAddress().getPort());
            assertThat(health.exitCode()).isEqualTo(ExitCodes.FAILURE);
            assertThat(health.json().at("/livez/http_status").asInt()).isEqualTo(503);
            assertThat(health.err())
                    .contains("is not ready: database: no answer within 2 s")
                    .doesNotContain("artifact_store");
        } finally {
            fake.stop(0);
        }
    }

    private static void answer(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }
}
