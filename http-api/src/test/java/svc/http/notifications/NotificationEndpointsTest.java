package svc.http.notifications;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.config.Json;
import svc.governance.signing.Digests;
import svc.http.testing.Api;
import svc.http.testing.ServerExtension;
import svc.http.testing.TestServer;

/**
 * {@code GET /api/v1/notifications} over real HTTP: a run's gate notifies a local webhook
 * receiver, and the delivery, its attempt, the filters, the roles and the metric show it.
 */
@ExtendWith(ServerExtension.class)
class NotificationEndpointsTest {

    private final TestServer server;
    private final Api api;
    private HttpServer receiver;
    private final List<byte[]> bodies = new CopyOnWriteArrayList<>();
    private final List<String> signatures = new CopyOnWriteArrayList<>();

    NotificationEndpointsTest(TestServer server) {
        this.server = server;
        this.api = server.api;
    }

    @BeforeEach
    void startReceiver() throws Exception {
        receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        receiver.createContext("/hook", ex -> {
            try (InputStream in = ex.getRequestBody()) {
                bodies.add(in.readAllBytes());
            }
            signatures.add(ex.getRequestHeaders().getFirst("X-Svc-Signature"));
            ex.sendResponseHeaders(204, -1);
            ex.close();
        });
        receiver.start();
    }

    @AfterEach
    void stopReceiver() {
        receiver.stop(0);
    }

    @Test
    void aGatesDeliveryIsListedWithItsAttemptFilteredAndCounted() throws Exception {
        String hook = "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hook";
        Path workflow = Files.createDirectories(server.home.resolve("datasets"))
                .resolve("notify-" + System.nanoTime() + ".yaml");
        Files.writeString(workflow, """
                name: notified_gate
                description: one stage, then a gate that calls a webhook
                start: prepare
                nodes:
                  - {id: prepare, type: stage, team: data, goal: Profile the data and confirm the target.}
                  - {id: approve, type: checkpoint, gate_type: manual, notify_channels: [dashboard, 'webhook:%s']}
                  - {id: finish, type: stage, team: quality, goal: Review.}
                edges:
                  - {source: prepare, target: approve, priority: 0, metadata: {}}
                  - {source: approve, target: finish, priority: 0, metadata: {}}
                """.formatted(hook));
        var body = Json.object()
                .put("problem", "Predict credit risk (the class column) from the applicant's data.")
                .put("dataset_path", TestServer.DATASET.toString())
                .put("workflow", workflow.toString());
        Api.Reply started = api.post("/api/v1/pipelines", Json.write(body), Api.apiKey());
        assertThat(started.status()).as(started.text()).isEqualTo(202);
        String runId = started.json().path("run_id").asText();

        server.eventually(
                120,
                () -> assertThat(api.get("/api/v1/notifications?run_id=" + runId, Api.apiKey())
                                .json()
                                .path("items"))
                        .singleElement()
                        .satisfies(d -> assertThat(d.path("state").asText()).isEqualTo("delivered")));
        JsonNode page =
                api.get("/api/v1/notifications?run_id=" + runId, Api.apiKey()).json();
        assertThat(page.path("total").asInt()).isEqualTo(1);
        JsonNode d = page.path("items").get(0);
        String gateId = d.path("gate_id").asText();
        assertThat(gateId).startsWith(runId + "-approve-");
        assertThat(d.path("event").asText()).isEqualTo("gate_created");
        assertThat(d.path("channel").asText()).isEqualTo("webhook:" + hook);
        assertThat(d.path("attempts").asInt()).isEqualTo(1);
        assertThat(d.path("last_status").asText()).isEqualTo("HTTP 204");
        assertThat(d.hasNonNull("delivered_at")).isTrue();
        assertThat(d.path("history")).singleElement().satisfies(a -> {
            assertThat(a.path("outcome").asText()).isEqualTo("delivered");
            assertThat(a.path("status").asText()).isEqualTo("HTTP 204");
        });

        assertThat(bodies).hasSize(1);
        JsonNode sent = Json.parse(new String(bodies.get(0), StandardCharsets.UTF_8));
        assertThat(sent.path("delivery_id").asText())
                .isEqualTo(d.path("delivery_id").asText());
        assertThat(signatures.get(0))
                .isEqualTo("sha256="
                        + Digests.hmacSha256Hex(
                                TestServer.WEBHOOK_SECRET.getBytes(StandardCharsets.UTF_8), bodies.get(0)));

        assertThat(api.get("/api/v1/notifications?gate_id=" + gateId + "&state=delivered", Api.apiKey())
                        .json()
                        .path("total")
                        .asInt())
                .isEqualTo(1);
        assertThat(api.get("/api/v1/notifications?gate_id=" + gateId + "&state=failed", Api.apiKey())
                        .json()
                        .path("total")
                        .asInt())
                .isZero();
        Api.Reply badState = api.get("/api/v1/notifications?state=lost", Api.apiKey());
        assertThat(badState.status()).isEqualTo(400);
        assertThat(badState.json().path("detail").asText()).contains("pending, retrying, delivered, failed");
        assertThat(api.get("/metrics").text())
                .containsPattern("svc_notifications_total\\{channel=\"webhook\",status=\"delivered\"} [1-9]");

        assertThat(api.delete("/api/v1/pipelines/" + runId, Api.apiKey()).status())
                .isEqualTo(200);
    }

    @Test
    void viewersMayNotReadDeliveries() {
        String email = "notify-viewer-" + System.nanoTime() + "@example.com";
        assertThat(api.post(
                                "/api/v1/users",
                                Json.write(Json.object()
                                        .put("email", email)
                                        .put("password", "viewer-password")
                                        .put("role", "viewer")),
                                Api.apiKey())
                        .status())
                .isEqualTo(201);
        String viewer = api.login(email, "viewer-password");
        assertThat(api.get("/api/v1/notifications", Api.bearer(viewer)).status())
                .isEqualTo(403);
        assertThat(api.get("/api/v1/notifications").status()).isEqualTo(401);
    }
}
