package svc.http.pipelines;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.config.Json;
import svc.core.crypto.Reseal;
import svc.core.platform.Platform;
import svc.core.platform.StandardParts;
import svc.governance.crypto.EnvelopeCipher;
import svc.governance.crypto.KeyProviders;
import svc.governance.crypto.SealedFiles;
import svc.governance.crypto.SealedText;
import svc.http.server.HttpServer;
import svc.http.testing.Api;
import svc.http.testing.TestServer;

/**
 * Key rotation to the end: a run sealed under key A (journal, read-side columns, run files) and a
 * sealed batch file; the server restarted with key B and A as the previous key re-seals it all
 * ({@code POST /api/v1/admin/at-rest/reseal}, a dry run first, then a second run that finds all
 * current); then a server with key B alone reads everything back: the run's entity recovers from
 * its journal, the listing's problem text, the approval rationale and the artefacts are clear.
 */
class ResealEndToEndTest {

    private static final String PROBLEM = "Predict whether a Quokka Island loan applicant is a good credit risk.";
    private static final String RATIONALE = "Approved by the Quokka credit committee";
    private static final String KEY_A = key('a');
    private static final String KEY_B = key('b');
    private static final String BATCH_FILE = "b-1/results.jsonl";
    private static final String AUDITED = "quokka-auditor@example.com";
    private static final String BATCH_TEXT = "{\"row\":1,\"label\":\"Quokka\"}\n";

    @TempDir
    static Path home;

    static ActorTestKit probes;

    @BeforeAll
    static void start() {
        probes = ActorTestKit.create("reseal-e2e-probes");
    }

    @AfterAll
    static void stop() {
        probes.shutdownTestKit();
    }

    private static String key(char c) {
        return Base64.getEncoder().encodeToString(String.valueOf(c).repeat(32).getBytes(StandardCharsets.US_ASCII));
    }

    private static Config config(String kek, String previous) {
        Map<String, Object> settings = new HashMap<>();
        settings.put("svc.home", home.toString());
        settings.put("svc.http.host", "127.0.0.1");
        settings.put("svc.http.port", 0);
        settings.put("svc.http.env", "development");
        settings.put("svc.at-rest.encryption", "on");
        settings.put("svc.at-rest.kek", kek);
        settings.put("svc.at-rest.previous-keks", previous);
        // A server channel that gets every gate; nothing listens there, so each delivery records an error.
        settings.put("svc.notifications.channels", "webhook:http://127.0.0.1:9/quokka-hook");
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

    private static EnvelopeCipher cipher(String kek) {
        SecureRandom random = new SecureRandom();
        return new EnvelopeCipher(
                KeyProviders.select("env", false, Map.of(KeyProviders.ENV_VARIABLE, kek), random), List.of(), random);
    }

    /** A platform and its server; closed together. */
    private record Node(Platform platform, HttpServer server, Api api, String token) implements AutoCloseable {
        static Node start(Config config) throws Exception {
            Platform platform = Platform.start(config, StandardParts.create());
            HttpServer server = HttpServer.start(platform, config, env())
                    .toCompletableFuture()
                    .get(60, TimeUnit.SECONDS);
            Api api = new Api("http://127.0.0.1:" + server.address().getPort());
            return new Node(platform, server, api, api.login(TestServer.ADMIN_EMAIL, TestServer.ADMIN_PASSWORD));
        }

        Api.Reply get(String path) {
            return api.get(path, Api.bearer(token));
        }

        Api.Reply post(String path, String body) {
            return api.post(path, body, Api.bearer(token));
        }

        @Override
        public void close() throws Exception {
            server.stop().toCompletableFuture().get(20, TimeUnit.SECONDS);
            platform.close();
        }
    }

    @Test
    void dataSealedUnderAnEarlierKeyIsResealedAndReadsBackWithTheNewKeyAlone() throws Exception {
        String runId;
        String keyA;
        String model;
        String label;
        try (Node a = Node.start(config(KEY_A, ""))) {
            Api.Reply started = a.post(
                    "/api/v1/pipelines",
                    Json.write(Json.object()
                            .put("problem", PROBLEM)
                            .put("dataset_path", TestServer.DATASET.toString())
                            .put("template", "fast_prototype")));
            assertThat(started.status()).as(started.text()).isEqualTo(202);
            runId = started.json().get("run_id").asText();
            String run = runId;
            eventually(300, () -> {
                for (JsonNode gate : a.get("/api/v1/approvals?state=pending&run_id=" + run)
                        .json()
                        .path("items")) {
                    a.post(
                            "/api/v1/approvals/" + gate.get("gate_id").asText(),
                            Json.write(Json.object().put("decision", "approve").put("rationale", RATIONALE)));
                }
                assertThat(a.get("/api/v1/pipelines/" + run)
                                .json()
                                .path("state")
                                .asText())
                        .isEqualTo("succeeded");
            });
            eventually(
                    60,
                    () -> assertThat(a.get("/api/v1/pipelines/" + run + "/artifacts/approvals.json")
                                    .text())
                            .contains(RATIONALE));
            // An audited admin action, a notification with its failed attempts, a served answer.
            Api.Reply user = a.post(
                    "/api/v1/users",
                    Json.write(Json.object()
                            .put("email", AUDITED)
                            .put("password", "quokka-password")
                            .put("role", "viewer")));
            assertThat(user.status()).as(user.text()).isEqualTo(201);
            eventually(60, () -> assertThat(audited(a)).isTrue());
            eventually(120, () -> {
                JsonNode deliveries =
                        a.get("/api/v1/notifications?run_id=" + run).json().path("items");
                assertThat(deliveries.findValuesAsText("error"))
                        .anySatisfy(e -> assertThat(e).isNotBlank());
                assertThat(deliveries.toString()).doesNotContain(SealedText.PREFIX);
            });
            model = a.get("/api/v1/pipelines/" + run + "/artifacts/deployment.json")
                    .json()
                    .path("model_name")
                    .asText();
            ObjectNode ask = Json.object().put("request_id", "q-quokka");
            ask.putArray("rows")
                    .add(firstRow(a.get("/api/v1/pipelines/" + run + "/artifacts/metrics.json")
                            .json()
                            .path("target")
                            .asText()));
            Api.Reply answer = a.post("/api/v1/inference/" + model, Json.write(ask));
            assertThat(answer.status()).as(answer.text()).isEqualTo(200);
            label = answer.json().path("predictions").get(0).path("label").asText();
            eventually(
                    60,
                    () -> assertThat(raw(a.platform(), "SELECT predicted FROM served_predictions"))
                            .isNotEmpty());
            // As the tables hold them: envelopes.
            for (String sql : List.of(
                    "SELECT payload FROM notifications",
                    "SELECT error FROM notification_attempts",
                    "SELECT detail FROM audit_log WHERE detail IS NOT NULL",
                    "SELECT predicted FROM served_predictions")) {
                assertThat(raw(a.platform(), sql))
                        .as(sql)
                        .isNotEmpty()
                        .allSatisfy(
                                v -> assertThat(v).startsWith(SealedText.PREFIX).doesNotContain("quokka"));
            }

            // With no previous key there is nothing this node could re-seal: a no-op that says so.
            Api.Reply noop = a.post("/api/v1/admin/at-rest/reseal", "{}");
            assertThat(noop.status()).as(noop.text()).isEqualTo(200);
            assertThat(noop.json().path("note").asText()).contains("no previous key");
            assertThat(noop.json().path("left").asLong()).isZero();
            keyA = noop.json().path("current_key").asText();
        }
        // A file another part seals under $SVC_HOME/batches, in the same file format.
        Path batchFile = home.resolve("batches").resolve(BATCH_FILE);
        Files.createDirectories(batchFile.getParent());
        new SealedFiles(cipher(KEY_A))
                .seal(
                        new ByteArrayInputStream(BATCH_TEXT.getBytes(StandardCharsets.UTF_8)),
                        batchFile,
                        Reseal.batchFileContext(BATCH_FILE));

        try (Node b = Node.start(config(KEY_B, KEY_A))) {
            Api.Reply dry = b.post("/api/v1/admin/at-rest/reseal?dry_run=true", "{}");
            assertThat(dry.status()).as(dry.text()).isEqualTo(200);
            JsonNode kinds = dry.json().path("kinds");
            assertThat(dry.json().path("previous_keys").get(0).asText()).isEqualTo(keyA);
            for (String kind : List.of("columns", "journal_events", "run_files", "batch_files")) {
                assertThat(kinds.path(kind).path("resealed").asLong())
                        .as(dry.text())
                        .isPositive();
                assertThat(kinds.path(kind).path("failed").asLong())
                        .as(dry.text())
                        .isZero();
            }
            assertThat(dry.json().path("left").asLong()).isPositive();
            // A dry run changes nothing.
            assertThat(problemColumn(b.platform(), runId)).contains("\"kek_id\":\"" + keyA + "\"");

            Api.Reply run = b.post("/api/v1/admin/at-rest/reseal", "{}");
            assertThat(run.status()).as(run.text()).isEqualTo(200);
            assertThat(run.json().path("left").asLong()).as(run.text()).isZero();
            assertThat(run.json().path("failures")).as(run.text()).isEmpty();
            for (String kind : List.of("columns", "journal_events", "run_files", "batch_files")) {
                assertThat(run.json().path("kinds").path(kind).path("resealed").asLong())
                        .as(kind)
                        .isEqualTo(kinds.path(kind).path("resealed").asLong());
            }
            assertThat(problemColumn(b.platform(), runId))
                    .startsWith("svcenc:1:")
                    .doesNotContain(keyA);

            Api.Reply again = b.post("/api/v1/admin/at-rest/reseal", "{}");
            assertThat(again.status()).isEqualTo(200);
            for (String kind : Reseal.KINDS) {
                JsonNode c = again.json().path("kinds").path(kind);
                assertThat(c.path("resealed").asLong()).as(again.text()).isZero();
                // Columns and journal may have grown meanwhile (the audit log of these calls): under key B.
                assertThat(c.path("already_current").asLong())
                        .as(kind)
                        .isGreaterThanOrEqualTo(run.json()
                                        .path("kinds")
                                        .path(kind)
                                        .path("resealed")
                                        .asLong()
                                + run.json()
                                        .path("kinds")
                                        .path(kind)
                                        .path("already_current")
                                        .asLong());
            }
        }

        // Key B alone: everything reads, the entity recovers from its re-sealed journal.
        try (Node b = Node.start(config(KEY_B, ""))) {
            Api.Reply entity = b.get("/api/v1/pipelines/" + runId);
            assertThat(entity.status()).as(entity.text()).isEqualTo(200);
            assertThat(entity.json().path("state").asText()).isEqualTo("succeeded");
            assertThat(entity.json().path("problem").asText()).isEqualTo(PROBLEM);
            Api.Reply listed = b.get("/api/v1/pipelines?limit=10");
            assertThat(listed.status()).as(listed.text()).isEqualTo(200);
            assertThat(listed.json().path("items").findValuesAsText("problem")).contains(PROBLEM);
            Api.Reply approvals = b.get("/api/v1/approvals?run_id=" + runId);
            assertThat(approvals.status()).as(approvals.text()).isEqualTo(200);
            assertThat(approvals.json().path("items").findValuesAsText("rationale"))
                    .contains(RATIONALE);
            Api.Reply metrics = b.get("/api/v1/pipelines/" + runId + "/artifacts/metrics.json");
            assertThat(metrics.status()).as(metrics.text()).isEqualTo(200);
            assertThat(metrics.json().path("test").has("accuracy")).isTrue();
            assertThat(b.get("/api/v1/pipelines/" + runId + "/artifacts/run.json")
                            .text())
                    .contains("Quokka Island");
            assertThat(audited(b)).isTrue();
            assertThat(b.get("/api/v1/notifications?run_id=" + runId)
                            .json()
                            .path("items")
                            .findValuesAsText("error"))
                    .isNotEmpty()
                    .doesNotContain(SealedText.PREFIX);
            // Feedback judges the stored answer: it opens under key B.
            Api.Reply fed = b.post(
                    "/api/v1/inference/" + model + "/feedback",
                    Json.write(Json.object().put("request_id", "q-quokka").put("label", label)));
            assertThat(fed.status()).as(fed.text()).isEqualTo(200);
        }
        try (InputStream in = new SealedFiles(cipher(KEY_B))
                .open(Files.newInputStream(batchFile), Reseal.batchFileContext(BATCH_FILE))) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo(BATCH_TEXT);
        }
    }

    private static boolean audited(Node node) {
        Api.Reply audit = node.get("/api/v1/audit?limit=100");
        assertThat(audit.status()).as(audit.text()).isEqualTo(200);
        return audit.json().path("items").findValuesAsText("email").contains(AUDITED);
    }

    private static ObjectNode firstRow(String target) throws Exception {
        List<String> lines = Files.readAllLines(TestServer.DATASET);
        String[] header = lines.get(0).split(",");
        String[] values = lines.get(1).split(",", -1);
        ObjectNode row = Json.object();
        for (int i = 0; i < header.length; i++) {
            if (header[i].equals(target)) {
                continue;
            }
            try {
                row.put(header[i], Double.parseDouble(values[i]));
            } catch (NumberFormatException e) {
                row.put(header[i], values[i]);
            }
        }
        return row;
    }

    private static List<String> raw(Platform platform, String sql) {
        List<String> out = new ArrayList<>();
        try (Connection c = platform.database().connection();
                PreparedStatement ps = c.prepareStatement(sql);
                ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }

    private static String problemColumn(Platform platform, String runId) throws Exception {
        try (Connection c = platform.database().connection();
                PreparedStatement ps = c.prepareStatement("SELECT problem FROM runs WHERE run_id = ?")) {
            ps.setString(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
                return rs.getString(1);
            }
        }
    }
}
