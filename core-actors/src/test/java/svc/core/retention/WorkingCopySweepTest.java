package svc.core.retention;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.typesafe.config.ConfigFactory;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.config.Json;
import svc.core.batch.BatchService;
import svc.core.cron.CronRun;
import svc.core.deploy.InferenceService;
import svc.core.platform.Platform;
import svc.core.platform.StandardParts;
import svc.core.run.RunService;
import svc.core.run.RunView;
import svc.ml.data.Dataset;
import svc.ml.data.DatasetReader;

/**
 * With at-rest encryption on, a node's clear working copy of a run lives only while the run does:
 * a finished run's copy is swept, a deployed model still serves (and an inference batch and cron's
 * drift check still read it) by pulling it from the sealed store again, and a node that starts over a work dir
 * removes a finished run's leftovers and keeps a live run's.
 */
class WorkingCopySweepTest {

    private static final Path DATASET =
            Path.of("../data/german_credit/german_credit.csv").toAbsolutePath().normalize();
    private static final String KEK =
            Base64.getEncoder().encodeToString("k".repeat(32).getBytes(StandardCharsets.US_ASCII));

    static ActorTestKit probes;

    @TempDir
    Path home;

    private Platform platform;

    @BeforeAll
    static void probes() {
        probes = ActorTestKit.create("sweep-probes");
    }

    @AfterAll
    static void stopProbes() {
        probes.shutdownTestKit();
    }

    @AfterEach
    void stop() {
        if (platform != null) {
            platform.close();
        }
    }

    private Platform start(String sweepInterval) {
        Map<String, Object> s = new HashMap<>();
        s.put("svc.home", home.toString());
        s.put("svc.cron.scheduler", "off");
        s.put("svc.at-rest.encryption", "on");
        s.put("svc.at-rest.kek", KEK);
        s.put("svc.working-copy.sweep-interval", sweepInterval);
        platform = Platform.start(ConfigFactory.parseMap(s).withFallback(ConfigFactory.load()), StandardParts.create());
        return platform;
    }

    private Path clearCopy(String runId) {
        return home.resolve("work").resolve("runs").resolve(runId);
    }

    @Test
    void aFinishedRunsClearCopyIsSweptAndItsDeployedModelStillServes() throws Exception {
        start("300ms");
        RunView run = startRun();
        awaitState(run.runId(), "waiting_approval");
        // Live: its tools' clear files stay through the sweeps that passed meanwhile.
        assertThat(clearCopy(run.runId()).resolve("metrics.json")).exists();
        approve(run.runId());
        awaitState(run.runId(), "succeeded");
        eventually(60, () -> assertThat(clearCopy(run.runId())).doesNotExist());

        JsonNode deployment;
        try (InputStream in = platform.runs().openArtifact(run.runId(), "deployment.json")) {
            deployment = Json.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        String model = deployment.path("model_name").asText();
        InferenceService.Answer answer = platform.inference()
                .predict(model, rows(3), "after-sweep")
                .toCompletableFuture()
                .get(60, TimeUnit.SECONDS);
        assertThat(answer.predictions())
                .hasSize(3)
                .allSatisfy(p -> assertThat(p.label()).isIn("good", "bad"));

        // An inference batch on the finished run's model reads it through the working copy too.
        ArrayNode records = rows(5);
        String batch = platform.batches()
                .submit(new BatchService.SubmitRequest(
                        "inference",
                        run.runId(),
                        null,
                        null,
                        List.of(records.get(0), records.get(1), records.get(2), records.get(3), records.get(4)),
                        null,
                        null,
                        "tester"))
                .toCompletableFuture()
                .get(60, TimeUnit.SECONDS)
                .batchId();
        eventually(
                60,
                () -> assertThat(platform.batches()
                                .get(batch)
                                .toCompletableFuture()
                                .get(10, TimeUnit.SECONDS)
                                .state())
                        .isEqualTo("succeeded"));
        try (InputStream in =
                platform.batches().results(batch).toCompletableFuture().get(20, TimeUnit.SECONDS)) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8).lines())
                    .hasSize(5)
                    .allSatisfy(l -> assertThat(
                                    Json.parse(l).path("output").path("label").asText())
                            .isIn("good", "bad"));
        }
        // Cron's drift check reads the run's model and training split the same way.
        platform.cron()
                .create(
                        "drift-after-sweep",
                        "0 4 * * 1",
                        null,
                        "drift_check",
                        Json.object().put("run_id", run.runId()).put("dataset_path", DATASET.toString()),
                        "tester")
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
        CronRun drift = platform.cron()
                .runNow("drift-after-sweep")
                .toCompletableFuture()
                .get(120, TimeUnit.SECONDS);
        assertThat(drift.status()).as(drift.output()).isEqualTo("succeeded");
        assertThat(Json.parse(drift.output()).path("alert").asBoolean()).isFalse();

        // What those readers pulled again is swept again.
        eventually(60, () -> assertThat(clearCopy(run.runId())).doesNotExist());
    }

    @Test
    void aNodeStartedOverAWorkDirRemovesAFinishedRunsLeftoversAndKeepsALiveRunsCopy() throws Exception {
        // A pass at start, then none within the test: what goes, goes at the start.
        start("1h");
        RunView finished = startRun();
        RunView live = startRun();
        awaitState(finished.runId(), "waiting_approval");
        awaitState(live.runId(), "waiting_approval");
        platform.runs().cancel(finished.runId(), "tester").toCompletableFuture().get(20, TimeUnit.SECONDS);
        awaitRow(finished.runId(), "cancelled");
        platform.close();
        platform = null;
        assertThat(clearCopy(finished.runId()).resolve("metrics.json")).exists();
        assertThat(clearCopy(live.runId()).resolve("metrics.json")).exists();
        Path spool = Files.createDirectories(home.resolve("work").resolve("spool"));
        Path stale = Files.writeString(spool.resolve("seal-1.tmp"), "sealed bytes of a put that never ended");
        Files.setLastModifiedTime(stale, FileTime.from(Instant.now().minus(Duration.ofHours(2))));
        Path fresh = Files.writeString(spool.resolve("seal-2.tmp"), "sealed bytes of a put in progress");

        start("1h");
        eventually(60, () -> assertThat(clearCopy(finished.runId())).doesNotExist());
        eventually(60, () -> assertThat(stale).doesNotExist());
        assertThat(clearCopy(live.runId()).resolve("metrics.json")).exists();
        assertThat(fresh).exists();
    }

    // ---- helpers --------------------------------------------------------------------------

    private RunView startRun() throws Exception {
        return platform.runs()
                .start(new RunService.StartRequest(
                        "Predict whether a loan applicant is a good or a bad credit risk.",
                        DATASET.toString(),
                        null,
                        List.of(),
                        "fast_prototype",
                        null,
                        null,
                        "tester"))
                .toCompletableFuture()
                .get(20, TimeUnit.SECONDS);
    }

    private void approve(String runId) throws Exception {
        platform.runs()
                .decide(view(runId).pendingGates().get(0).gateId(), true, "ops@example.com", "fine")
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
    }

    private static ArrayNode rows(int n) throws Exception {
        Dataset data = DatasetReader.read(DATASET);
        ArrayNode rows = Json.MAPPER.createArrayNode();
        for (int i = 0; i < n; i++) {
            Map<String, Object> row = data.row(i);
            row.remove("credit_risk");
            rows.add(Json.MAPPER.valueToTree(row));
        }
        return rows;
    }

    private RunView view(String runId) {
        try {
            return platform.runs().get(runId).toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private void awaitState(String runId, String state) {
        eventually(240, () -> {
            RunView v = view(runId);
            assertThat(v.failure()).isNull();
            assertThat(v.state()).isEqualTo(state);
        });
    }

    /** The read side (what the sweep reads) has the run in that state. */
    private void awaitRow(String runId, String state) {
        eventually(60, () -> {
            try (var c = platform.database().connection();
                    var ps = c.prepareStatement("SELECT state FROM runs WHERE run_id = ?")) {
                ps.setString(1, runId);
                try (var rs = ps.executeQuery()) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getString(1)).isEqualTo(state);
                }
            }
        });
    }

    private interface Check {
        void run() throws Exception;
    }

    private static void eventually(int seconds, Check check) {
        probes.createTestProbe().awaitAssert(Duration.ofSeconds(seconds), Duration.ofMillis(200), () -> {
            try {
                check.run();
            } catch (Exception e) {
                throw new AssertionError(e);
            }
            return null;
        });
    }
}
