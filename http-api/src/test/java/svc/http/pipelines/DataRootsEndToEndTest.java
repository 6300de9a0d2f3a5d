package svc.http.pipelines;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import svc.config.Json;
import svc.core.platform.Platform;
import svc.core.platform.StandardParts;
import svc.http.server.HttpServer;
import svc.http.testing.Api;
import svc.http.testing.TestServer;

/**
 * Issue 18, item 1, against a real server: a request may only name files under the data roots
 * ({@code SVC_DATA_DIRS}), never the server's own state, and nothing of a refused file's content
 * appears in any answer, run record or file the server writes. The server here is configured with
 * two roots, one of which contains {@code SVC_HOME} itself (so the state rule is what refuses
 * {@code jwt-secret}); the default roots are {@code DataRootsTest}'s and {@code RunLifecycleTest}'s.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DataRootsEndToEndTest {

    /** Bytes that must never come back: the first line of the "passwd" file outside every root. */
    private static final String PASSWD_SECRET = "root:$6$SECRETHASH-7f3a9c:19000:0:99999:7:::";

    private Path base;
    private Path home;
    private Path roots;
    private Path outside;
    private Platform platform;
    private HttpServer server;
    private Api api;
    private final List<String> answers = new ArrayList<>();

    @BeforeAll
    void start() throws Exception {
        base = Files.createTempDirectory("svc-roots").toRealPath();
        home = Files.createDirectories(base.resolve("home"));
        roots = Files.createDirectories(base.resolve("data"));
        outside = Files.createDirectories(base.resolve("etc")).resolve("passwd");
        Files.writeString(outside, PASSWD_SECRET + "\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n");
        Map<String, Object> settings = new HashMap<>();
        settings.put("svc.home", home.toString());
        settings.put("svc.http.host", "127.0.0.1");
        settings.put("svc.http.port", 0);
        // base/data, and base/home's parent's home: a root that contains SVC_HOME (and so jwt-secret).
        settings.put("svc.data-dirs", roots + ", " + home);
        // SVC_MAX_BODY_BYTES: a configured limit is the one in force.
        settings.put("svc.http.max-body", "64k");
        Config config = ConfigFactory.parseMap(settings).withFallback(ConfigFactory.load());
        platform = Platform.start(config, StandardParts.create());
        // No SVC_JWT_SECRET: the server generates $SVC_HOME/jwt-secret, as it does by default.
        Map<String, String> env = Map.of(
                "SVC_API_KEYS", TestServer.API_KEY,
                "SVC_ADMIN_EMAIL", TestServer.ADMIN_EMAIL,
                "SVC_ADMIN_PASSWORD", TestServer.ADMIN_PASSWORD);
        server = HttpServer.start(platform, config, env).toCompletableFuture().get(60, TimeUnit.SECONDS);
        api = new Api("http://127.0.0.1:" + server.address().getPort());
    }

    @AfterAll
    void stop() throws Exception {
        if (server != null) {
            server.stop().toCompletableFuture().get(20, TimeUnit.SECONDS);
        }
        if (platform != null) {
            platform.close();
        }
    }

    private Api.Reply startRun(ObjectNode body) {
        Api.Reply r = api.post("/api/v1/pipelines", Json.write(body), Api.apiKey());
        answers.add(r.text());
        return r;
    }

    private static ObjectNode run(String datasetPath) {
        return Json.object()
                .put("problem", "Predict the credit risk.")
                .put("dataset_path", datasetPath)
                .put("template", "fast_prototype");
    }

    private void assertRefused(Api.Reply r, String rule) {
        assertThat(r.status()).as(r.text()).isEqualTo(400);
        assertThat(r.header("Content-Type"))
                .hasValueSatisfying(t -> assertThat(t).startsWith("application/problem+json"));
        assertThat(r.json().path("detail").asText()).contains(rule);
    }

    @Test
    void pathsOutsideTheRootsThroughLinksAndTheServersOwnStateAreRefusedNamingTheRule() throws Exception {
        String secret = Files.readString(home.resolve("jwt-secret")).strip();
        assertThat(secret).hasSizeGreaterThan(20);

        assertRefused(startRun(run("/etc/passwd")), "outside the data roots");
        assertRefused(startRun(run(outside.toString())), "outside the data roots");
        assertRefused(startRun(run(roots + "/../etc/passwd")), "outside the data roots");
        assertRefused(startRun(run("/proc/self/environ")), "server's own state");
        // Inside a root as written, out of it through a link.
        Path link = Files.createSymbolicLink(roots.resolve("credit.csv"), outside);
        assertRefused(startRun(run(link.toString())), "a symbolic link leads out of the data roots");
        Path dirLink = Files.createSymbolicLink(roots.resolve("elsewhere"), outside.getParent());
        assertRefused(startRun(run(dirLink.resolve("passwd").toString())), "symbolic link");
        // The JWT secret, the database and the keys are under a root here: the state rule refuses them.
        assertRefused(startRun(run(home.resolve("jwt-secret").toString())), "server's own state");
        assertRefused(startRun(run(home.resolve("db/svc.mv.db").toString())), "server's own state");
        Path secretLink = Files.createSymbolicLink(roots.resolve("innocent.csv"), home.resolve("jwt-secret"));
        assertRefused(startRun(run(secretLink.toString())), "server's own state");
        try (Stream<Path> keys = Files.walk(home.resolve("keys"))) {
            Path key = keys.filter(Files::isRegularFile).findFirst().orElseThrow();
            assertRefused(startRun(run(key.toString())), "server's own state");
        }
        // A workflow file is read and its errors quoted: the same rules.
        ObjectNode withWorkflow = run(TestServer.DATASET.toString());
        withWorkflow.put("dataset_path", roots.resolve("ok.csv").toString()).put("workflow", outside.toString());
        Files.copy(TestServer.DATASET, roots.resolve("ok.csv"));
        assertRefused(startRun(withWorkflow), "workflow: ");
        withWorkflow.put("workflow", home.resolve("jwt-secret").toString());
        assertRefused(startRun(withWorkflow), "server's own state");
        // A batch's input (the echo kind copies it out) and a cron job's data.
        Api.Reply batch = api.post(
                "/api/v1/batch",
                Json.write(Json.object().put("kind", "echo").put("input_path", outside.toString())),
                Api.apiKey());
        answers.add(batch.text());
        assertRefused(batch, "input_path: ");
        Api.Reply batchSecret = api.post(
                "/api/v1/batch",
                Json.write(Json.object().put("kind", "echo").put("input_path", secretLink.toString())),
                Api.apiKey());
        answers.add(batchSecret.text());
        assertRefused(batchSecret, "server's own state");
        Api.Reply cron = api.post(
                "/api/v1/cron",
                Json.write(Json.object()
                        .put("name", "nightly-leak")
                        .put("schedule", "0 3 * * *")
                        .put("kind", "retrain")
                        .set("params", Json.object().put("problem", "p").put("dataset_path", outside.toString()))),
                Api.apiKey());
        answers.add(cron.text());
        assertRefused(cron, "params.dataset_path: ");

        // A file inside a root is read as before.
        Api.Reply ok = startRun(run(roots.resolve("ok.csv").toString()));
        assertThat(ok.status()).as(ok.text()).isEqualTo(202);
        String okRun = ok.json().path("run_id").asText();
        assertThat(ok.json().path("dataset_path").asText())
                .isEqualTo(roots.resolve("ok.csv").toString());

        // Nothing of either secret anywhere: answers, run records, every file the server wrote.
        Api.Reply list = api.get("/api/v1/pipelines?limit=1000", Api.apiKey());
        answers.add(list.text());
        answers.add(api.get("/api/v1/pipelines/" + okRun, Api.apiKey()).text());
        answers.add(api.get("/api/v1/batch", Api.apiKey()).text());
        answers.add(api.get("/api/v1/cron", Api.apiKey()).text());
        for (String answer : answers) {
            assertThat(answer)
                    .doesNotContain("SECRETHASH")
                    .doesNotContain(secret)
                    .doesNotContain("daemon:x:1");
        }
        byte[] passwdBytes = "SECRETHASH".getBytes(StandardCharsets.UTF_8);
        byte[] secretBytes = secret.getBytes(StandardCharsets.UTF_8);
        int scanned = 0;
        try (Stream<Path> files = Files.walk(home)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                if (f.equals(home.resolve("jwt-secret"))) {
                    continue;
                }
                byte[] content = Files.readAllBytes(f);
                assertThat(indexOf(content, passwdBytes)).as(f.toString()).isEqualTo(-1);
                assertThat(indexOf(content, secretBytes)).as(f.toString()).isEqualTo(-1);
                scanned++;
            }
        }
        // The database, the run's brief and its directory were among them.
        assertThat(scanned).isGreaterThan(3);
        assertThat(home.resolve("runs").resolve(okRun).resolve("run.json")).exists();
    }

    @Test
    void aBodyOverTheConfiguredLimitIsA413ProblemWhetherItsLengthIsDeclaredOrNot() throws Exception {
        String big = Json.write(run(roots.resolve("ok.csv").toString()).put("problem", "x".repeat(70 * 1024)));
        Api.Reply declared = api.post("/api/v1/pipelines", big, Api.apiKey());
        assertThat(declared.status()).as(declared.text()).isEqualTo(413);
        assertThat(declared.json().path("detail").asText()).contains("65536");
        Api.Reply chunked = api.send(api.request("/api/v1/pipelines")
                .header("Content-Type", "application/json")
                .header("X-API-Key", TestServer.API_KEY)
                .POST(HttpRequest.BodyPublishers.ofInputStream(
                        () -> new ByteArrayInputStream(big.getBytes(StandardCharsets.UTF_8))))
                .build());
        assertThat(chunked.status()).as(chunked.text()).isEqualTo(413);
        assertThat(chunked.header("Content-Type"))
                .hasValueSatisfying(t -> assertThat(t).startsWith("application/problem+json"));
        // Under the limit, the same request is taken up (and refused for its own reasons, not its size).
        Api.Reply small = api.post("/api/v1/pipelines", Json.write(run("/etc/passwd")), Api.apiKey());
        assertThat(small.status()).isEqualTo(400);
        assertThat(api.get("/healthz").status()).isEqualTo(200);
    }

    @Test
    void aRootThatDoesNotExistStopsTheStartWithAClearMessage() {
        Config config = ConfigFactory.parseMap(Map.of(
                        "svc.home",
                        base.resolve("other-home").toString(),
                        "svc.data-dirs",
                        roots + "," + base.resolve("no-such-dir")))
                .withFallback(ConfigFactory.load());
        assertThatThrownBy(() -> Platform.start(config, StandardParts.create()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("SVC_DATA_DIRS")
                .hasMessageContaining("does not exist")
                .hasMessageContaining("no-such-dir");
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
