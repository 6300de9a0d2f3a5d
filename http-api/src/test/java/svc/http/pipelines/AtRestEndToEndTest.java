package svc.http.pipelines;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.config.Json;
import svc.core.platform.Platform;
import svc.core.platform.StandardParts;
import svc.governance.signing.Digests;
import svc.http.server.HttpServer;
import svc.http.testing.Api;
import svc.http.testing.TestServer;

/**
 * A fast_prototype run with {@code SVC_AT_REST_ENCRYPTION=on} on the default directory store:
 * every run file on disk (artefacts, model files, reports, conversations) is a sealed envelope
 * and the read side's free-text columns hold envelopes (read with plain JDBC), while the API
 * lists and serves the clear content, byte for byte. The node's clear working copy of the run is
 * swept once it is over, and a batch's files are envelopes too while the API serves its lines.
 * The same data under another key is a clear error, never garbage.
 */
class AtRestEndToEndTest {

    private static final String PROBLEM =
            "Predict whether a Zanzibar Cooperative loan applicant is a good credit risk.";
    private static final String RATIONALE = "Approved by the Zanzibar credit committee";
    private static final String KEK = key('z');

    @TempDir
    static Path home;

    static ActorTestKit probes;

    @BeforeAll
    static void start() {
        probes = ActorTestKit.create("at-rest-e2e-probes");
    }

    @AfterAll
    static void stop() {
        probes.shutdownTestKit();
    }

    private static String key(char c) {
        return Base64.getEncoder().encodeToString(String.valueOf(c).repeat(32).getBytes(StandardCharsets.US_ASCII));
    }

    private static Config config(String kek) {
        Map<String, Object> settings = new HashMap<>();
        settings.put("svc.home", home.toString());
        settings.put("svc.http.host", "127.0.0.1");
        settings.put("svc.http.port", 0);
        settings.put("svc.http.env", "development");
        settings.put("svc.at-rest.encryption", "on");
        settings.put("svc.at-rest.kek", kek);
        settings.put("svc.working-copy.sweep-interval", "500ms");
        return ConfigFactory.parseMap(settings).withFallback(ConfigFactory.load());
    }

    private static Map<String, String> env() {
        return Map.of(
                "SVC_ADMIN_EMAIL", TestServer.ADMIN_EMAIL,
                "SVC_ADMIN_PASSWORD", TestServer.ADMIN_PASSWORD,
                "SVC_JWT_SECRET", TestServer.JWT_SECRET);
    }

    private static void eventually(int seconds, Runnable assertion) {
        probes.createTestProbe().awaitAssert(Duration.ofSeconds(seconds), Duration.ofMillis(250), () -> {
            assertion.run();
            return null;
        });
    }

    @Test
    void runFilesAndFreeTextColumnsAreSealedOnDiskAndClearThroughTheApi() throws Exception {
        String runId;
        List<String> names = new ArrayList<>();
        Platform platform = Platform.start(config(KEK), StandardParts.create());
        HttpServer server = HttpServer.start(platform, config(KEK), env())
                .toCompletableFuture()
                .get(60, TimeUnit.SECONDS);
        try {
            assertThat(platform.files().direct()).isFalse();
            Api api = new Api("http://127.0.0.1:" + server.address().getPort());
            String token = api.login(TestServer.ADMIN_EMAIL, TestServer.ADMIN_PASSWORD);
            Api.Reply started = api.post(
                    "/api/v1/pipelines",
                    Json.write(Json.object()
                            .put("problem", PROBLEM)
                            .put("dataset_path", TestServer.DATASET.toString())
                            .put("template", "fast_prototype")),
                    Api.bearer(token));
            assertThat(started.status()).as(started.text()).isEqualTo(202);
            runId = started.json().get("run_id").asText();
            String run = runId;
            eventually(300, () -> {
                for (JsonNode gate : api.get("/api/v1/approvals?state=pending&run_id=" + run, Api.bearer(token))
                        .json()
                        .path("items")) {
                    api.post(
                            "/api/v1/approvals/" + gate.get("gate_id").asText(),
                            Json.write(Json.object().put("decision", "approve").put("rationale", RATIONALE)),
                            Api.bearer(token));
                }
                assertThat(api.get("/api/v1/pipelines/" + run, Api.bearer(token))
                                .json()
                                .path("state")
                                .asText())
                        .isEqualTo("succeeded");
            });
            JsonNode record =
                    api.get("/api/v1/pipelines/" + run, Api.bearer(token)).json();
            assertThat(record.path("problem").asText()).isEqualTo(PROBLEM);

            // Every listed file downloads in clear with the listed (plaintext) size and SHA-256.
            eventually(60, () -> {
                JsonNode items = api.get("/api/v1/pipelines/" + run + "/artifacts?limit=1000", Api.bearer(token))
                        .json()
                        .get("items");
                List<String> listed = items.findValuesAsText("name");
                assertThat(listed)
                        .contains(
                                "run.json",
                                "metrics.json",
                                "model/manifest.json",
                                "model/model.ubj",
                                "fairness.json",
                                "Dockerfile",
                                "approvals.json",
                                "conversations/index.json",
                                "conversations/director.jsonl");
                for (JsonNode a : items) {
                    String name = a.get("name").asText();
                    Api.Reply file = api.get("/api/v1/pipelines/" + run + "/artifacts/" + name, Api.bearer(token));
                    assertThat(file.status()).as(name).isEqualTo(200);
                    assertThat(file.bytes().length + " " + Digests.sha256Hex(file.bytes()))
                            .as(name)
                            .isEqualTo(a.get("size").asLong() + " "
                                    + a.get("sha256").asText());
                }
                names.clear();
                names.addAll(listed);
            });
            assertThat(api.get("/api/v1/pipelines/" + run + "/artifacts/metrics.json", Api.bearer(token))
                            .json()
                            .path("test")
                            .has("accuracy"))
                    .isTrue();
            assertThat(api.get("/api/v1/pipelines/" + run + "/artifacts/run.json", Api.bearer(token))
                            .text())
                    .contains("Zanzibar Cooperative");
            List<String> lines = api.get(
                            "/api/v1/pipelines/" + run + "/artifacts/conversations/director.jsonl", Api.bearer(token))
                    .text()
                    .lines()
                    .toList();
            assertThat(lines).isNotEmpty();
            for (int i = 0; i < lines.size(); i++) {
                assertThat(Json.parse(lines.get(i)).get("seq").asLong()).isEqualTo(i + 1);
            }
            // The read side writes approvals.json and the decision's row after the run's end event: wait for them.
            eventually(
                    60,
                    () -> assertThat(
                                    api.get("/api/v1/pipelines/" + run + "/artifacts/approvals.json", Api.bearer(token))
                                            .text())
                            .contains(RATIONALE));

            // The read side's free-text columns, as the database holds them. approvals.json reaches the
            // store inside the projection's transaction, before its commit: the decision's row may trail it.
            eventually(60, () -> {
                try (Connection c = platform.database().connection()) {
                    assertThat(column(c, "SELECT problem FROM runs WHERE run_id = ?", run))
                            .singleElement()
                            .satisfies(
                                    v -> assertThat(v).startsWith("svcenc:1:").doesNotContain("Zanzibar"));
                    assertThat(column(
                                    c,
                                    "SELECT rationale FROM approvals WHERE run_id = ? AND rationale IS NOT NULL",
                                    run))
                            .isNotEmpty()
                            .allSatisfy(
                                    v -> assertThat(v).startsWith("svcenc:1:").doesNotContain("Zanzibar"));
                } catch (Exception e) {
                    throw new IllegalStateException("cannot read the read side's columns", e);
                }
            });

            // The run is over: this node's clear copy of it goes at the next sweep; the store keeps the sealed one.
            eventually(
                    60,
                    () -> assertThat(home.resolve("work").resolve("runs").resolve(run))
                            .doesNotExist());

            // A batch over the API: the lines it gives with encryption off (BatchEndpointsTest), sealed on disk.
            Api.Reply batch = api.post(
                    "/api/v1/batch",
                    "{\"kind\":\"echo\",\"records\":[{\"a\":\"Zanzibar\"},{\"a\":2}]}",
                    Api.bearer(token));
            assertThat(batch.status()).as(batch.text()).isEqualTo(202);
            String batchId = batch.json().path("batch_id").asText();
            eventually(
                    60,
                    () -> assertThat(api.get("/api/v1/batch/" + batchId, Api.bearer(token))
                                    .json()
                                    .path("state")
                                    .asText())
                            .isEqualTo("succeeded"));
            assertThat(api.get("/api/v1/batch/" + batchId + "/results", Api.bearer(token))
                            .text()
                            .lines()
                            .toList())
                    .containsExactly(
                            "{\"index\":0,\"output\":{\"a\":\"Zanzibar\"}}", "{\"index\":1,\"output\":{\"a\":2}}");
            try (Stream<Path> files = Files.list(home.resolve("batches").resolve(batchId))) {
                assertThat(files.toList())
                        .isNotEmpty()
                        .allSatisfy(f -> assertThat(Files.readString(f, StandardCharsets.ISO_8859_1))
                                .startsWith("SVCSEAL1")
                                .doesNotContain("Zanzibar"));
            }
        } finally {
            server.stop().toCompletableFuture().get(20, TimeUnit.SECONDS);
            platform.close();
        }

        // The store's bytes on disk: envelopes only, none holding the known plaintext.
        Path stored = home.resolve("runs").resolve(runId);
        try (Stream<Path> files = Files.walk(stored)) {
            List<Path> all = files.filter(Files::isRegularFile).toList();
            assertThat(all.stream().map(p -> stored.relativize(p).toString().replace('\\', '/')))
                    .containsAll(names);
            for (Path p : all) {
                String raw = Files.readString(p, StandardCharsets.ISO_8859_1);
                assertThat(raw)
                        .as(p.toString())
                        .startsWith("SVCSEAL1")
                        .doesNotContain("Zanzibar")
                        .doesNotContain("\"accuracy\"")
                        .doesNotContain("\"role\"");
            }
        }

        // Another key: the run's files and text are refused with a clear error, never served as garbage.
        Platform wrong = Platform.start(config(key('w')), StandardParts.create());
        HttpServer wrongServer = HttpServer.start(wrong, config(key('w')), env())
                .toCompletableFuture()
                .get(60, TimeUnit.SECONDS);
        try {
            Api api = new Api("http://127.0.0.1:" + wrongServer.address().getPort());
            String token = api.login(TestServer.ADMIN_EMAIL, TestServer.ADMIN_PASSWORD);
            Api.Reply file = api.get("/api/v1/pipelines/" + runId + "/artifacts/metrics.json", Api.bearer(token));
            assertThat(file.status()).isEqualTo(500);
            assertThat(file.json().path("detail").asText())
                    .contains("at-rest key")
                    .contains("sealed under key env:");
            Api.Reply list = api.get("/api/v1/pipelines?limit=10", Api.bearer(token));
            assertThat(list.status()).isEqualTo(500);
            assertThat(list.text()).doesNotContain("svcenc:1:").contains("sealed under key env:");
        } finally {
            wrongServer.stop().toCompletableFuture().get(20, TimeUnit.SECONDS);
            wrong.close();
        }
    }

    private static List<String> column(Connection c, String sql, String runId) throws Exception {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        }
        return out;
    }
}
