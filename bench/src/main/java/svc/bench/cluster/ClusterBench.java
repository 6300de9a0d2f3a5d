package svc.bench.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.typesafe.config.ConfigFactory;
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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.pekko.Done;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.http.javadsl.Http;
import org.apache.pekko.http.javadsl.model.ws.Message;
import org.apache.pekko.http.javadsl.model.ws.WebSocketRequest;
import org.apache.pekko.stream.Materializer;
import org.apache.pekko.stream.javadsl.Flow;
import org.apache.pekko.stream.javadsl.Keep;
import org.apache.pekko.stream.javadsl.Sink;
import org.apache.pekko.stream.javadsl.Source;
import svc.config.Json;
import svc.governance.signing.Ed25519Signer;

/**
 * Runs per minute of N concurrent {@code fast_prototype} runs (German Credit, scripted model, real
 * ML tools, the registration gate approved at once) on a cluster of one and of three {@code svc
 * server} processes on this machine, each against a fresh PostgreSQL database, the runs spread
 * round robin over the nodes; and, with {@code failover}, the time from SIGKILL of the node running
 * a run's agents (while {@code train_model} runs, on Adult) to that run's next message from a
 * survivor, seen by a WebSocket client on another node.
 *
 * <p>The nodes share the machine's cores, so three nodes show the cost of distribution, not a
 * speed-up. Needs the jar ({@code ./mvnw -B -DskipTests -pl cli -am package}) and a PostgreSQL
 * ({@code eval "$(.ci/postgres.sh)"} exports {@code SVC_TEST_PG_URL}); run from the repository root:
 * {@code java -cp "bench/target/classes:$(cat bench/target/cp.txt)" svc.bench.cluster.ClusterBench 8 1 3 failover}.
 */
public final class ClusterBench {

    private static final String KEY = "bench-admin-key-0123456789";
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private ClusterBench() {}

    /** One server process. */
    private record Node(String name, int http, int cluster, Process process) {
        String url() {
            return "http://127.0.0.1:" + http;
        }
    }

    public static void main(String[] args) throws Exception {
        String pg = System.getenv("SVC_TEST_PG_URL");
        if (pg == null || args.length < 2) {
            System.err.println(
                    "usage: SVC_TEST_PG_URL=jdbc:postgresql://... ClusterBench <runs> <nodes>... [failover]");
            System.exit(2);
        }
        int runs = Integer.parseInt(args[0]);
        Path work = Files.createTempDirectory("svc-cluster-bench");
        System.out.printf("%-6s %6s %8s %10s%n", "nodes", "runs", "wall_s", "runs/min");
        for (int i = 1; i < args.length; i++) {
            if (args[i].equals("failover")) {
                failover(pg, work.resolve("failover"));
            } else {
                int n = Integer.parseInt(args[i]);
                List<Node> nodes = start(n, pg, work.resolve("nodes" + n));
                try {
                    double seconds = throughput(nodes, runs);
                    System.out.printf("%-6d %6d %8.1f %10.2f%n", n, runs, seconds, runs * 60 / seconds);
                } finally {
                    stop(nodes);
                }
            }
        }
    }

    private static double throughput(List<Node> nodes, int runs) throws Exception {
        Path dataset = Path.of("data/german_credit/german_credit.csv").toAbsolutePath();
        long start = System.nanoTime();
        Map<String, Node> started = new HashMap<>();
        for (int i = 0; i < runs; i++) {
            Node node = nodes.get(i % nodes.size());
            started.put(startRun(node, dataset, "Predict credit risk, fairly across sex."), node);
        }
        Set<String> done = new HashSet<>();
        while (done.size() < runs) {
            for (var e : started.entrySet()) {
                if (done.contains(e.getKey())) {
                    continue;
                }
                JsonNode run = send(e.getValue(), "GET", "/api/v1/pipelines/" + e.getKey(), null);
                switch (run.path("state").asText()) {
                    case "succeeded" -> done.add(e.getKey());
                    case "failed", "cancelled" -> throw new IllegalStateException("run failed: " + run);
                    case "waiting_approval" -> approve(e.getValue(), run);
                    default -> {}
                }
            }
            TimeUnit.MILLISECONDS.sleep(500);
        }
        return (System.nanoTime() - start) / 1e9;
    }

    private static void failover(String pg, Path work) throws Exception {
        List<Node> nodes = start(3, pg, work);
        // The client is no cluster member: a plain local actor system for pekko-http.
        ActorSystem<Void> client = ActorSystem.create(
                Behaviors.empty(),
                "bench-client",
                ConfigFactory.parseString("pekko.actor.provider = local, pekko.loglevel = WARNING")
                        .withFallback(ConfigFactory.load()));
        try {
            Path adult = Path.of("data/adult/adult_train.csv").toAbsolutePath();
            String runId = startRun(nodes.get(0), adult, "Predict whether income exceeds 50K (column income).");
            Node host = null;
            while (host == null) {
                for (JsonNode s :
                        send(nodes.get(0), "GET", "/api/v1/cluster", null).path("shards")) {
                    if (s.path("entity_type").asText().equals("agent")
                            && s.path("entities").asInt() > 0) {
                        String address = s.path("node").asText();
                        host = nodes.stream()
                                .filter(n -> address.endsWith(":" + n.cluster()))
                                .findFirst()
                                .orElse(null);
                    }
                }
                TimeUnit.MILLISECONDS.sleep(200);
            }
            Node watcher = nodes.get(2).equals(host) ? nodes.get(1) : nodes.get(2);
            CompletableFuture<Void> training = new CompletableFuture<>();
            long[] killedAt = {Long.MAX_VALUE};
            CompletableFuture<Long> continued = new CompletableFuture<>();
            String token = send(
                            watcher,
                            "POST",
                            "/api/v1/auth/login",
                            "{\"email\":\"admin@example.com\",\"password\":\"bench-password\"}")
                    .path("token")
                    .asText();
            watch(client, watcher.url() + "/api/v1/pipelines/" + runId + "/stream?token=" + token, m -> {
                long now = System.nanoTime();
                if (m.path("type").asText().equals("tool_call")
                        && m.path("tool_calls").findValuesAsText("name").contains("train_model")) {
                    training.complete(null);
                }
                if (now > killedAt[0] && m.has("seq")) {
                    continued.complete(now);
                }
            });
            training.get(10, TimeUnit.MINUTES);
            killedAt[0] = System.nanoTime();
            host.process().destroyForcibly();
            // Downed by the split-brain resolver and removed: then the survivors wake the run.
            long removedAt;
            while (true) {
                if (send(watcher, "GET", "/api/v1/cluster", null)
                                .path("members")
                                .size()
                        == 2) {
                    removedAt = System.nanoTime();
                    break;
                }
                TimeUnit.MILLISECONDS.sleep(100);
            }
            long at = continued.get(10, TimeUnit.MINUTES);
            System.out.printf(
                    "failover: SIGKILL of %s (running the agents of %s during train_model): removed from the"
                            + " cluster after %.1f s; next message of the run from a survivor, seen on %s, after"
                            + " %.1f s (it re-ran the interrupted train_model first)%n",
                    host.name(), runId, (removedAt - killedAt[0]) / 1e9, watcher.name(), (at - killedAt[0]) / 1e9);
        } finally {
            client.terminate();
            stop(nodes);
        }
    }

    /** Calls {@code onMessage} for each stream message (pekko-http's client). */
    private static void watch(ActorSystem<?> system, String url, Consumer<JsonNode> onMessage) throws Exception {
        Materializer mat = Materializer.matFromSystem(system);
        Sink<Message, CompletionStage<Done>> in = Flow.<Message>create()
                .mapAsync(1, m -> m.asTextMessage().getStreamedText().runFold("", String::concat, mat))
                .toMat(Sink.foreach(text -> onMessage.accept(Json.parse(text))), Keep.right());
        Http.get(system)
                .singleWebSocketRequest(
                        WebSocketRequest.create(url.replaceFirst("^http", "ws")),
                        Flow.fromSinkAndSourceMat(in, Source.<Message>maybe(), Keep.left()),
                        mat)
                .first()
                .toCompletableFuture()
                .get(30, TimeUnit.SECONDS);
    }

    // ---- the nodes --------------------------------------------------------------------------

    private static List<Node> start(int count, String pg, Path work) throws Exception {
        Files.createDirectories(work);
        String db = freshDatabase(pg);
        Path shared = Files.createDirectories(work.resolve("artifacts"));
        Path keys = work.resolve("keys");
        Ed25519Signer.generate(keys, Clock.systemUTC());
        List<int[]> ports = new ArrayList<>();
        List<String> seeds = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int[] p = {freePort(), freePort()};
            ports.add(p);
            seeds.add("127.0.0.1:" + p[1]);
        }
        List<Node> nodes = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Path home = Files.createDirectories(work.resolve("node" + (i + 1)));
            ProcessBuilder pb = new ProcessBuilder(
                            Path.of(System.getProperty("java.home"), "bin", "java")
                                    .toString(),
                            "-Xmx512m",
                            "-Djava.util.concurrent.ForkJoinPool.common.parallelism=4",
                            "-Dpekko.cluster.failure-detector.acceptable-heartbeat-pause=3s",
                            "-Dpekko.cluster.split-brain-resolver.stable-after=3s",
                            "-jar",
                            Path.of("cli/target/svc.jar").toAbsolutePath().toString(),
                            "server",
                            "--host",
                            "127.0.0.1",
                            "--port",
                            Integer.toString(ports.get(i)[0]))
                    .redirectErrorStream(true)
                    .redirectOutput(work.resolve("node" + (i + 1) + ".log").toFile());
            Map<String, String> env = pb.environment();
            env.put("SVC_HOME", home.toString());
            env.put("SVC_DB_URL", db);
            env.put("SVC_ARTIFACT_STORE", shared.toString());
            env.put("SVC_JWT_SECRET", "bench-secret-bench-secret-bench-secret-0123");
            env.put("SVC_SIGNING_KEY_DIR", keys.toString());
            env.put("SVC_API_KEYS", KEY);
            env.put("SVC_ADMIN_EMAIL", "admin@example.com");
            env.put("SVC_ADMIN_PASSWORD", "bench-password");
            env.put("SVC_MAX_CONCURRENT_PIPELINES", "100");
            env.put("SVC_LOG_LEVEL", "WARNING");
            env.put("OMP_WAIT_POLICY", "PASSIVE");
            if (count > 1) {
                env.put("SVC_CLUSTER_SEEDS", String.join(",", seeds));
                env.put("SVC_CLUSTER_PORT", Integer.toString(ports.get(i)[1]));
            }
            Node node = new Node("node" + (i + 1), ports.get(i)[0], ports.get(i)[1], pb.start());
            nodes.add(node);
            // The first node migrates the empty database alone.
            if (i == 0) {
                awaitUp(node, 1);
            }
        }
        for (Node n : nodes) {
            awaitUp(n, count);
        }
        return nodes;
    }

    private static void awaitUp(Node node, int members) throws Exception {
        long end = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (System.nanoTime() < end) {
            if (!node.process().isAlive()) {
                throw new IllegalStateException(node.name() + " exited; see its log");
            }
            try {
                JsonNode c = send(node, "GET", "/api/v1/cluster", null);
                long up = 0;
                for (JsonNode m : c.path("members")) {
                    up += m.path("status").asText().equals("up") ? 1 : 0;
                }
                if (up == members && (members == 1 || c.path("live_event_nodes").asInt() == members)) {
                    return;
                }
            } catch (IOException | IllegalStateException e) {
                // not up yet
            }
            TimeUnit.MILLISECONDS.sleep(500);
        }
        throw new IllegalStateException(node.name() + " did not come up");
    }

    private static void stop(List<Node> nodes) throws InterruptedException {
        for (Node n : nodes) {
            n.process().destroy();
        }
        for (Node n : nodes) {
            if (!n.process().waitFor(60, TimeUnit.SECONDS)) {
                n.process().destroyForcibly();
            }
        }
    }

    private static String freshDatabase(String admin) throws Exception {
        String name =
                "svc_bench_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try (Connection c = DriverManager.getConnection(admin);
                Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE " + name);
        }
        return admin.replaceFirst("/[^/?]+(\\?|$)", "/" + name + "$1");
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    // ---- the API ----------------------------------------------------------------------------

    private static String startRun(Node node, Path dataset, String problem) throws Exception {
        return send(
                        node,
                        "POST",
                        "/api/v1/pipelines",
                        Json.object()
                                .put("problem", problem)
                                .put("dataset_path", dataset.toString())
                                .put("template", "fast_prototype")
                                .toString())
                .path("run_id")
                .asText();
    }

    private static void approve(Node node, JsonNode run) throws Exception {
        for (JsonNode gate : run.path("pending_gates")) {
            send(
                    node,
                    "POST",
                    "/api/v1/approvals/" + gate.path("gate_id").asText(),
                    "{\"decision\":\"approve\",\"rationale\":\"bench\"}");
        }
    }

    private static JsonNode send(Node node, String method, String path, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(node.url() + path))
                .timeout(Duration.ofSeconds(30))
                .header("X-API-Key", KEY)
                .header("Content-Type", "application/json")
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        HttpResponse<String> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() >= 400 && r.statusCode() != 409) {
            throw new IllegalStateException(
                    method + " " + path + " on " + node.name() + ": " + r.statusCode() + " " + r.body());
        }
        return Json.parse(r.body());
    }
}
