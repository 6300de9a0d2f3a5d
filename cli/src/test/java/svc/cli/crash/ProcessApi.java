package svc.cli.crash;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.function.Supplier;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import svc.cli.cluster.ServerProcess;
import svc.config.Json;

/**
 * The HTTP API of the one {@code svc server} child JVM a process test runs (it may be restarted, so
 * it is asked for each call), called with the test's API key; waits have deadlines.
 */
final class ProcessApi implements AutoCloseable {

    private final ActorTestKit kit;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String apiKey;
    private final Supplier<ServerProcess> server;

    ProcessApi(String name, String apiKey, Supplier<ServerProcess> server) {
        this.kit = ActorTestKit.create(name);
        this.apiKey = apiKey;
        this.server = server;
    }

    void awaitHealthy() {
        eventually(
                240,
                () -> assertThat(server.get().healthy())
                        .as("the server answers /healthz")
                        .isTrue());
    }

    JsonNode run(String runId) {
        return get("/api/v1/pipelines/" + runId);
    }

    JsonNode get(String path) {
        try {
            return send("GET", path, null, 200);
        } catch (Exception e) {
            throw new AssertionError("GET " + path + ": " + e, e);
        }
    }

    JsonNode send(String method, String path, String body, int expected) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(server.get().url() + path))
                .timeout(Duration.ofSeconds(30))
                .header("X-API-Key", apiKey)
                .header("Content-Type", "application/json");
        b.method(
                method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(method + " " + path + ": " + r.body()).isEqualTo(expected);
        return Json.parse(r.body());
    }

    void eventually(int seconds, Runnable assertion) {
        kit.createTestProbe().awaitAssert(Duration.ofSeconds(seconds), Duration.ofMillis(300), () -> {
            assertion.run();
            return null;
        });
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() {
        kit.shutdownTestKit();
    }
}
