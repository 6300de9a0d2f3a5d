package svc.cli.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.api.io.TempDir;
import svc.config.Json;
import svc.governance.signing.Ed25519Signer;

/**
 * Three {@code svc server} JVMs on loopback against one PostgreSQL and one shared artefact
 * directory, with the embedded scripted model and the real ML tools:
 *
 * <ul>
 *   <li>a run started through node 1 completes after the node hosting its run entity is killed
 *       with SIGKILL during training: no tool result lost or run twice, conversation {@code seq}
 *       without gaps, every artefact present;
 *   <li>a WebSocket client on another node than the run's sees its live messages to the end;
 *   <li>the run's gate, approved through a node that does not host the run, resumes it;
 *   <li>restarting the three nodes one at a time, with a second run under way, loses nothing.
 * </ul>
 *
 * Tagged {@code cluster}: the cli module runs it in its own surefire execution after the jar is
 * packaged, once per {@code verify}, and only when {@code SVC_TEST_PG_URL} names a server (CI).
 * Failure detection is shortened with {@code -D} options so a killed node is downed in seconds.
 */
@Tag("cluster")
@EnabledIfEnvironmentVariable(named = "SVC_TEST_PG_URL", matches = "jdbc:postgresql:.+")
@Timeout(value = 25, unit = TimeUnit.MINUTES)
class ClusterProcessTest {

    private static final String API_KEY = "cluster-test-key-0123456789";
    private static final String ADMIN_EMAIL = "admin@example.com";
    private static final String ADMIN_PASSWORD = "correct horse battery staple";
    private static final Path DATASET =
            Path.of("../data/adult/adult_train.csv").toAbsolutePath().normalize();
    private static final String PROBLEM = "Predict whether income exceeds 50K (column income), fairly across sex.";

    @TempDir
    Path dir;

    private final ActorTestKit kit = ActorTestKit.create("cluster-test-client");
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final List<ServerProcess> nodes = new ArrayList<>();
    private Path shared;

    @AfterEach
    void stopAll() throws Exception {
        for (ServerProcess n : nodes) {
            n.kill();
        }
        kit.shutdownTestKit();
    }

    @Test
    void aRunSurvivesTheKillOfItsNodeAndTheClusterARollingRestart() throws Exception {
        startCluster();

        // ---- a run through node 1; its host is killed while it trains --------------------------
        String runA = startRun(nodes.get(0));
        ServerProcess host = awaitHost(nodes.get(0), runA);
        ServerProcess watcher = nodes.get(2) != host ? nodes.get(2) : nodes.get(1);
        WsClient ws = WsClient.open(
                kit.system(), watcher.url() + "/api/v1/pipelines/" + runA + "/stream?token=" + token(watcher));
        JsonNode training = ws.await(
                m -> m.path("type").asText().equals("tool_call")
                        && m.path("tool_calls").findValuesAsText("name").contains("train_model"),
                300);
        String trainingCall = training.path("tool_calls").get(0).path("id").asText();
        long killedAt = System.nanoTime();
        host.kill();
        assertThat(ws.messages)
                .as("the training had not answered when its node was killed")
                .noneMatch(m -> m.path("type").asText().equals("training_log")
                        && m.path("agent")
                                .asText()
                                .equals(training.path("agent").asText()));
        List<ServerProcess> survivors = nodes.stream().filter(n -> n != host).toList();

        // ---- the run goes on elsewhere and stops at its registration gate -----------------------
        JsonNode gate = awaitPendingGate(survivors.get(0), runA, 420);
        // The figure for the README: from SIGKILL to the run's first message from a survivor.
        for (int i = 0; i < ws.messages.size(); i++) {
            if (ws.arrivals.get(i) > killedAt && ws.messages.get(i).has("seq")) {
                System.out.printf(
                        "cluster figure: SIGKILL of %s -> run %s continuing on a survivor: %.1f s%n",
                        host.name, runA, (ws.arrivals.get(i) - killedAt) / 1e9);
                break;
            }
        }
        ServerProcess newHost = awaitHost(survivors.get(0), runA);
        ServerProcess approver =
                survivors.stream().filter(n -> n != newHost).findFirst().orElseThrow();
        approve(approver, gate.path("gate_id").asText());
        ws.await(
                m -> m.path("type").asText().equals("state")
                        && m.path("state").asText().equals("succeeded"),
                300);
        ws.closed.get(30, TimeUnit.SECONDS);
        assertThat(get(watcher, "/api/v1/pipelines/" + runA).path("state").asText())
                .isEqualTo("succeeded");
        assertWholeRun(runA);
        assertStreamInOrder(ws);
        assertThat(ws.messages)
                .as("the watcher saw the run's agents work on the new host, after the kill")
                .anyMatch(m -> m.path("type").asText().equals("training_log"));
        String trainer = training.path("agent").asText();
        assertThat(conversationLines(runA))
                .filteredOn(l -> trainer.equals(l.path("agent").asText())
                        && trainingCall.equals(l.path("tool_call_id").asText()))
                .as("the interrupted training has one recorded result")
                .hasSize(1);

        // ---- the killed node comes back; then every node restarts, one at a time ---------------
        host.start();
        awaitHealthy(host);
        awaitMembers(nodes.get(0), 3);
        String runB = startRun(nodes.get(1));
        for (ServerProcess n : nodes) {
            n.stop();
            n.start();
            awaitHealthy(n);
            for (ServerProcess other : nodes) {
                awaitMembers(other, 3);
            }
        }
        JsonNode gateB = awaitPendingGate(nodes.get(2), runB, 420);
        approve(nodes.get(2), gateB.path("gate_id").asText());
        awaitState(nodes.get(0), runB, "succeeded", 300);
        assertWholeRun(runB);
        for (ServerProcess n : nodes) {
            assertThat(get(n, "/api/v1/pipelines/" + runA).path("state").asText())
                    .isEqualTo("succeeded");
            assertThat(get(n, "/api/v1/pipelines/" + runA + "/artifacts")
                            .path("total")
                            .asInt())
                    .isPositive();
        }
    }

    // ---- the cluster -----------------------------------------------------------------------------

    private void startCluster() throws Exception {
        String db = freshDatabase();
        shared = Files.createDirectories(dir.resolve("artifacts"));
        Path keys = dir.resolve("keys");
        Ed25519Signer.generate(keys, Clock.systemUTC());
        int[] httpPorts = {freePort(), freePort(), freePort()};
        int[] clusterPorts = {freePort(), freePort(), freePort()};
        List<String> seeds = new ArrayList<>();
        for (int p : clusterPorts) {
            seeds.add("127.0.0.1:" + p);
        }
        Map<String, String> env = new HashMap<>();
        env.put("SVC_DB_URL", db);
        env.put("SVC_ARTIFACT_STORE", shared.toString());
        env.put("SVC_JWT_SECRET", "cluster-test-secret-cluster-test-secret-0123");
        env.put("SVC_SIGNING_KEY_DIR", keys.toString());
        env.put("SVC_API_KEYS", API_KEY);
        env.put("SVC_DATA_DIRS", DATASET.getParent().getParent().toString());
        env.put("SVC_ADMIN_EMAIL", ADMIN_EMAIL);
        env.put("SVC_ADMIN_PASSWORD", ADMIN_PASSWORD);
        env.put("SVC_CLUSTER_SEEDS", String.join(",", seeds));
        env.put("SVC_LOG_FORMAT", "text");
        env.put("OMP_WAIT_POLICY", "PASSIVE");
        List<String> jvm = List.of(
                "-Xmx384m",
                "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1",
                "-Djava.util.concurrent.ForkJoinPool.common.parallelism=4",
                // A killed node is noticed within a few seconds and downed 3 s later.
                "-Dpekko.cluster.failure-detector.heartbeat-interval=500ms",
                "-Dpekko.cluster.failure-detector.acceptable-heartbeat-pause=3s",
                "-Dpekko.cluster.split-brain-resolver.stable-after=3s");
        // The nodes' logs stay after the test, for a failure's post-mortem.
        Path logs = Files.createDirectories(Path.of("target", "cluster-logs").toAbsolutePath());
        for (int i = 0; i < 3; i++) {
            Path home = Files.createDirectories(dir.resolve("node" + (i + 1)));
            Files.deleteIfExists(logs.resolve("node" + (i + 1) + ".log"));
            nodes.add(new ServerProcess(
                    "node" + (i + 1),
                    httpPorts[i],
                    clusterPorts[i],
                    home,
                    logs.resolve("node" + (i + 1) + ".log"),
                    env,
                    jvm));
        }
        // The first node migrates the empty database alone; the others start together once it is up.
        nodes.get(0).start();
        awaitHealthy(nodes.get(0));
        nodes.get(1).start();
        nodes.get(2).start();
        awaitHealthy(nodes.get(1));
        awaitHealthy(nodes.get(2));
        for (ServerProcess n : nodes) {
            awaitMembers(n, 3);
        }
    }

    private String freshDatabase() throws Exception {
        String admin = System.getenv("SVC_TEST_PG_URL");
        String name =
                "svc_cluster_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try (Connection c = DriverManager.getConnection(admin);
                Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE " + name);
        }
        return admin.replaceFirst("/[^/?]+(\\?|$)", "/" + name + "$1");
    }

    private void awaitHealthy(ServerProcess node) {
        eventually(
                240,
                () -> assertThat(node.healthy())
                        .as(node.name + " answers /healthz")
                        .isTrue());
    }

    /** Every node up, as {@code node} sees it, and its live events reaching all of them. */
    private void awaitMembers(ServerProcess node, int count) {
        eventually(120, () -> {
            JsonNode c = get(node, "/api/v1/cluster");
            assertThat(c.path("members"))
                    .filteredOn(m -> m.path("status").asText().equals("up"))
                    .as(c.toString())
                    .hasSize(count);
            assertThat(c.path("live_event_nodes").asInt()).as(c.toString()).isEqualTo(count);
        });
    }

    /** The node whose shard region holds the run's entity (a fresh database: the only run entity or the newest). */
    private ServerProcess awaitHost(ServerProcess asked, String runId) {
        List<ServerProcess> found = new ArrayList<>();
        eventually(120, () -> {
            found.clear();
            assertThat(get(asked, "/api/v1/pipelines/" + runId).path("state").asText())
                    .isIn("queued", "running", "waiting_approval");
            JsonNode c = get(asked, "/api/v1/cluster");
            for (JsonNode s : c.path("shards")) {
                if (s.path("entity_type").asText().equals("agent")
                        && s.path("entities").asInt() > 0) {
                    nodes.stream()
                            .filter(n ->
                                    n.clusterAddress().equals(s.path("node").asText()) && n.alive())
                            .forEach(found::add);
                }
            }
            assertThat(found).as(c.toString()).hasSize(1);
        });
        return found.get(0);
    }

    // ---- the API ---------------------------------------------------------------------------------

    private String startRun(ServerProcess node) throws Exception {
        JsonNode run = send(
                node,
                "POST",
                "/api/v1/pipelines",
                Json.object()
                        .put("problem", PROBLEM)
                        .put("dataset_path", DATASET.toString())
                        .put("template", "fast_prototype")
                        .toString(),
                202);
        return run.path("run_id").asText();
    }

    private JsonNode awaitPendingGate(ServerProcess node, String runId, int seconds) {
        JsonNode[] gate = new JsonNode[1];
        eventually(seconds, () -> {
            JsonNode run = get(node, "/api/v1/pipelines/" + runId);
            assertThat(run.path("state").asText()).as(run.toString()).isEqualTo("waiting_approval");
            assertThat(run.path("pending_gates")).isNotEmpty();
            gate[0] = run.path("pending_gates").get(0);
        });
        return gate[0];
    }

    private void approve(ServerProcess node, String gateId) throws Exception {
        send(
                node,
                "POST",
                "/api/v1/approvals/" + gateId,
                "{\"decision\":\"approve\",\"rationale\":\"reviewed on another node\"}",
                200);
    }

    private void awaitState(ServerProcess node, String runId, String state, int seconds) {
        eventually(
                seconds,
                () -> assertThat(get(node, "/api/v1/pipelines/" + runId)
                                .path("state")
                                .asText())
                        .isEqualTo(state));
    }

    private String token(ServerProcess node) throws Exception {
        return send(
                        node,
                        "POST",
                        "/api/v1/auth/login",
                        Json.object()
                                .put("email", ADMIN_EMAIL)
                                .put("password", ADMIN_PASSWORD)
                                .toString(),
                        200)
                .path("token")
                .asText();
    }

    private JsonNode get(ServerProcess node, String path) {
        try {
            return send(node, "GET", path, null, 200);
        } catch (Exception e) {
            throw new AssertionError(node.name + " GET " + path + ": " + e, e);
        }
    }

    private JsonNode send(ServerProcess node, String method, String path, String body, int expected) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(node.url() + path))
                .timeout(Duration.ofSeconds(30))
                .header("X-API-Key", API_KEY)
                .header("Content-Type", "application/json");
        b.method(
                method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode())
                .as(method + " " + path + " on " + node.name + ": " + r.body())
                .isEqualTo(expected);
        return Json.parse(r.body());
    }

    // ---- what a whole run leaves ----------------------------------------------------------------

    /** Every artefact present; each conversation's seq from 1 without a gap; each tool call answered once. */
    private void assertWholeRun(String runId) throws IOException {
        Path run = shared.resolve(runId);
        eventually(60, () -> {
            for (String name : List.of(
                    "run.json",
                    "metrics.json",
                    "fairness.json",
                    "shap.json",
                    "Dockerfile",
                    "model/manifest.json",
                    "conversations/index.json")) {
                assertThat(run.resolve(name))
                        .as(name + " among " + listing(run))
                        .isRegularFile();
            }
            List<JsonNode> lines = conversationLines(runId);
            Map<String, List<Long>> seqs = new HashMap<>();
            Set<String> calls = new HashSet<>();
            List<String> answers = new ArrayList<>();
            for (JsonNode l : lines) {
                String agent = l.path("agent").asText();
                seqs.computeIfAbsent(agent, k -> new ArrayList<>())
                        .add(l.path("seq").asLong());
                // Call ids are per agent.
                l.path("tool_calls")
                        .forEach(c -> calls.add(agent + "/" + c.path("id").asText()));
                if (l.has("tool_call_id")) {
                    answers.add(agent + "/" + l.path("tool_call_id").asText());
                }
            }
            seqs.forEach((agent, s) -> {
                for (int i = 0; i < s.size(); i++) {
                    assertThat(s.get(i)).as(agent + " line " + (i + 1)).isEqualTo(i + 1L);
                }
            });
            assertThat(answers).as("no tool result twice").doesNotHaveDuplicates();
            assertThat(new HashSet<>(answers)).as("every tool call answered").isEqualTo(calls);
        });
    }

    private static List<String> listing(Path run) {
        try (Stream<Path> files = Files.walk(run)) {
            return files.map(f -> run.relativize(f).toString()).sorted().toList();
        } catch (IOException e) {
            return List.of(e.toString());
        }
    }

    private List<JsonNode> conversationLines(String runId) {
        Path conversations = shared.resolve(runId).resolve("conversations");
        List<JsonNode> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(conversations)) {
            for (Path f :
                    files.filter(p -> p.toString().endsWith(".jsonl")).sorted().toList()) {
                Files.readAllLines(f).stream()
                        .filter(l -> !l.isBlank())
                        .map(Json::parse)
                        .forEach(out::add);
            }
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return out;
    }

    /** Each agent's messages in the stream in journal order, none twice. */
    private static void assertStreamInOrder(WsClient ws) {
        Map<String, Long> last = new HashMap<>();
        for (JsonNode m : ws.messages) {
            if (m.has("agent") && m.has("seq")) {
                long seq = m.path("seq").asLong();
                long before = last.getOrDefault(m.path("agent").asText(), 0L);
                assertThat(seq).as(m.toString()).isGreaterThan(before);
                last.put(m.path("agent").asText(), seq);
            }
        }
    }

    private void eventually(int seconds, Runnable assertion) {
        kit.createTestProbe().awaitAssert(Duration.ofSeconds(seconds), Duration.ofMillis(500), () -> {
            assertion.run();
            return null;
        });
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
