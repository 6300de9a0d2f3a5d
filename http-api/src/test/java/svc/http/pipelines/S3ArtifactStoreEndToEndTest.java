package svc.http.pipelines;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
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
import svc.http.testing.S3TestServer;
import svc.http.testing.TestServer;
import svc.persistence.store.ArtifactStore;

/**
 * A fast_prototype run with {@code SVC_ARTIFACT_STORE=s3://...} against a real S3-compatible
 * server (s3proxy): its files reach the bucket, and after the server is stopped and its local
 * working copy deleted, a new server on the same database lists and downloads every artefact
 * through the API, byte for byte, from S3 alone.
 */
class S3ArtifactStoreEndToEndTest {

    private static final String BUCKET = "svc-runs";

    @TempDir
    static Path blobs;

    @TempDir
    static Path home;

    static S3TestServer s3;
    static ActorTestKit probes;

    @BeforeAll
    static void start() throws Exception {
        s3 = S3TestServer.start(blobs, BUCKET);
        probes = ActorTestKit.create("s3-e2e-probes");
    }

    @AfterAll
    static void stop() throws Exception {
        probes.shutdownTestKit();
        s3.close();
    }

    private static Config config() {
        Map<String, Object> settings = new HashMap<>();
        settings.put("svc.home", home.toString());
        settings.put("svc.http.host", "127.0.0.1");
        settings.put("svc.http.port", 0);
        settings.put("svc.http.env", "development");
        settings.put("svc.artifact-store", "s3://" + BUCKET + "/cluster-a");
        settings.put("svc.s3.endpoint", s3.endpoint());
        // The first node's working copy is compared with the bucket after it stops: no sweep of
        // finished runs' copies meanwhile (that is WorkingCopySweepTest's).
        settings.put("svc.working-copy.sweep-interval", "1h");
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
    void aRunsArtefactsComeFromS3OnAServerWhoseWorkingCopyIsGone() throws Exception {
        Map<String, JsonNode> listed = new LinkedHashMap<>();
        String runId;
        Platform first = Platform.start(config(), StandardParts.create());
        HttpServer firstServer =
                HttpServer.start(first, config(), env()).toCompletableFuture().get(60, TimeUnit.SECONDS);
        try {
            assertThat(first.files().direct()).isFalse();
            Api api = new Api("http://127.0.0.1:" + firstServer.address().getPort());
            String token = api.login(TestServer.ADMIN_EMAIL, TestServer.ADMIN_PASSWORD);
            Api.Reply livez = api.get("/livez");
            assertThat(livez.json()
                            .path("checks")
                            .path("artifact_store")
                            .path("detail")
                            .asText())
                    .contains("s3://" + BUCKET + "/cluster-a");
            Api.Reply started = api.post(
                    "/api/v1/pipelines",
                    Json.write(Json.object()
                            .put("problem", "Predict whether a loan applicant is a good or a bad credit risk.")
                            .put("dataset_path", TestServer.DATASET.toString())
                            .put("template", "fast_prototype")),
                    Api.bearer(token));
            assertThat(started.status()).as(started.text()).isEqualTo(202);
            runId = started.json().get("run_id").asText();
            String run = runId;
            // The default profile asks a person before a model is registered: approve each gate.
            eventually(300, () -> {
                for (JsonNode gate : api.get("/api/v1/approvals?state=pending&run_id=" + run, Api.bearer(token))
                        .json()
                        .path("items")) {
                    api.post(
                            "/api/v1/approvals/" + gate.get("gate_id").asText(),
                            "{\"decision\":\"approve\",\"rationale\":\"ok\"}",
                            Api.bearer(token));
                }
                assertThat(api.get("/api/v1/pipelines/" + run, Api.bearer(token))
                                .json()
                                .path("state")
                                .asText())
                        .isEqualTo("succeeded");
            });
            // The conversation projection may still be writing after the end: wait until the
            // listing is complete (every agent's file) and stable against the bucket.
            eventually(60, () -> {
                JsonNode items = api.get("/api/v1/pipelines/" + run + "/artifacts?limit=1000", Api.bearer(token))
                        .json()
                        .get("items");
                List<String> names = items.findValuesAsText("name");
                assertThat(names)
                        .contains(
                                "run.json",
                                "metrics.json",
                                "model/manifest.json",
                                "model/model.ubj",
                                "approvals.json",
                                "conversations/index.json",
                                "conversations/director.jsonl");
                assertThat(names).anyMatch(n -> n.startsWith("k8s/") && n.endsWith(".yaml"));
                assertThat(names).anyMatch(n -> n.startsWith("work/results/"));
                listed.clear();
                items.forEach(i -> listed.put(i.get("name").asText(), i));
            });
            // What the API listed is in the bucket, under the run's prefix (the conversation
            // projection may have added a file since the listing).
            List<ArtifactStore.Entry> inBucket = first.files().store().list(run + "/");
            assertThat(inBucket)
                    .extracting(e -> e.key().substring(run.length() + 1))
                    .containsAll(listed.keySet());
        } finally {
            firstServer.stop().toCompletableFuture().get(20, TimeUnit.SECONDS);
            first.close();
        }

        // The first node is stopped: what its tools and projections wrote locally is final. The
        // store must hold exactly that, byte for byte.
        Path workingCopy = home.resolve("runs");
        Map<String, String> written = new LinkedHashMap<>();
        Path runDir = workingCopy.resolve(runId);
        try (Stream<Path> files = Files.walk(runDir)) {
            for (Path p : files.filter(Files::isRegularFile).toList()) {
                written.put(
                        runDir.relativize(p).toString().replace('\\', '/'), Files.size(p) + " " + Digests.sha256Hex(p));
            }
        }
        // The listing above was taken while the conversation projection may still have been writing.
        assertThat(written.keySet()).containsAll(listed.keySet());
        try (Stream<Path> files = Files.walk(workingCopy)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }

        Platform second = Platform.start(config(), StandardParts.create());
        HttpServer secondServer =
                HttpServer.start(second, config(), env()).toCompletableFuture().get(60, TimeUnit.SECONDS);
        try {
            Api api = new Api("http://127.0.0.1:" + secondServer.address().getPort());
            String token = api.login(TestServer.ADMIN_EMAIL, TestServer.ADMIN_PASSWORD);
            String run = runId;
            // The read side may not have caught up when the first node stopped: events it had not
            // handled are handled here, continuing the files it finds in the store. Then every
            // listed artefact downloads with the listed size and SHA-256; what tools wrote (all of
            // them finished before the run succeeded) is in S3 exactly as the first node wrote it;
            // and each conversation's seq runs 1, 2, 3, ... with no gap and no repeat.
            eventually(90, () -> {
                JsonNode items = api.get("/api/v1/pipelines/" + run + "/artifacts?limit=1000", Api.bearer(token))
                        .json()
                        .get("items");
                assertThat(items.findValuesAsText("name")).containsAll(written.keySet());
                for (JsonNode a : items) {
                    String name = a.get("name").asText();
                    Api.Reply file = api.get("/api/v1/pipelines/" + run + "/artifacts/" + name, Api.bearer(token));
                    assertThat(file.status()).as(name).isEqualTo(200);
                    assertThat(file.bytes().length + " " + Digests.sha256Hex(file.bytes()))
                            .as(name)
                            .isEqualTo(a.get("size").asLong() + " "
                                    + a.get("sha256").asText());
                    if (name.endsWith(".jsonl")) {
                        List<String> lines = file.text().lines().toList();
                        for (int i = 0; i < lines.size(); i++) {
                            assertThat(Json.parse(lines.get(i)).get("seq").asLong())
                                    .as(name + " line " + (i + 1))
                                    .isEqualTo(i + 1);
                        }
                    } else if (!name.startsWith("conversations/") && !name.equals("approvals.json")) {
                        assertThat(a.get("size").asLong() + " "
                                        + a.get("sha256").asText())
                                .as(name)
                                .isEqualTo(written.get(name));
                    }
                }
            });
            assertThat(api.get("/api/v1/pipelines/" + runId + "/artifacts/no-such.json", Api.bearer(token))
                            .status())
                    .isEqualTo(404);
            // Nothing came from this node's disk: no tool ran here, so nothing refilled the working
            // copy but (at most) the conversation projection catching up on its own files.
            if (Files.exists(workingCopy.resolve(runId))) {
                try (Stream<Path> files = Files.walk(workingCopy.resolve(runId))) {
                    assertThat(files.filter(Files::isRegularFile)
                                    .map(p -> workingCopy
                                            .resolve(runId)
                                            .relativize(p)
                                            .toString()))
                            .allMatch(n -> n.startsWith("conversations") || n.equals("approvals.json"));
                }
            }
        } finally {
            secondServer.stop().toCompletableFuture().get(20, TimeUnit.SECONDS);
            second.close();
        }
    }
}
