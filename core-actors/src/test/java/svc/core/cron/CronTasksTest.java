package svc.core.cron;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.typesafe.config.ConfigFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.config.Json;
import svc.core.platform.Platform;
import svc.core.platform.StandardParts;
import svc.core.run.RunService;
import svc.core.run.RunView;
import svc.governance.signing.Ed25519Signer;
import svc.governance.signing.ReceiptVerifier;

/**
 * The cron kinds that need a trained model, for real (standard parts: real ML tools, governance,
 * signing), over one {@code fast_prototype} run on German Credit: {@code retrain} starts a
 * pipeline and its history records the run id, {@code drift_check} raises a drift alert for a
 * shifted dataset and not for the training data, {@code audit_pdf} re-exports a signed audit
 * PDF whose signature verifies.
 */
class CronTasksTest {

    @TempDir
    static Path home;

    static Platform platform;
    static ActorTestKit probes;
    static RunView trained;
    static final Path DATASET =
            Path.of("../data/german_credit/german_credit.csv").toAbsolutePath().normalize();

    @BeforeAll
    static void trainAModel() throws Exception {
        probes = ActorTestKit.create("probes");
        platform = Platform.start(
                ConfigFactory.parseMap(Map.of("svc.home", home.toString(), "svc.cron.scheduler", "off"))
                        .withFallback(ConfigFactory.load()),
                StandardParts.create());
        RunView run = start("fast_prototype");
        // The generic profile asks a person before a model is registered for serving.
        awaitState(run.runId(), "waiting_approval");
        platform.runs()
                .decide(view(run.runId()).pendingGates().get(0).gateId(), true, "ops@example.com", "fine")
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
        awaitState(run.runId(), "succeeded");
        trained = view(run.runId());
    }

    @AfterAll
    static void stop() {
        if (platform != null) {
            platform.close();
        }
        probes.shutdownTestKit();
    }

    @Test
    void retrainStartsAPipelineAndTheHistoryRecordsItsRunId() throws Exception {
        CronRun run = createAndRun(
                "weekly-retrain",
                "retrain",
                Json.object()
                        .put("problem", "Predict whether a loan applicant is a good or a bad credit risk.")
                        .put("dataset_path", DATASET.toString())
                        .put("template", "fast_prototype"));
        assertThat(run.status()).as(run.output()).isEqualTo("succeeded");
        String runId = Json.parse(run.output()).path("run_id").asText();
        RunView started = view(runId);
        assertThat(started.template()).isEqualTo("fast_prototype");
        assertThat(started.problem()).startsWith("Predict whether");
        assertThat(history("weekly-retrain"))
                .singleElement()
                .satisfies(r -> assertThat(Json.parse(r.output()).path("run_id").asText())
                        .isEqualTo(runId));
        platform.runs().cancel(runId, "tester").toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void driftCheckAlertsOnAShiftedDatasetAndNotOnTheTrainingData() throws Exception {
        CronRun same = createAndRun(
                "drift-same",
                "drift_check",
                Json.object().put("run_id", trained.runId()).put("dataset_path", DATASET.toString()));
        assertThat(same.status()).as(same.output()).isEqualTo("succeeded");
        JsonNode calm = Json.parse(same.output());
        assertThat(calm.path("alert").asBoolean()).isFalse();
        assertThat(calm.path("max_psi").asDouble()).isLessThan(0.10);

        CronRun shifted = createAndRun(
                "drift-shifted",
                "drift_check",
                Json.object()
                        .put("run_id", trained.runId())
                        .put("dataset_path", shifted().toString()));
        assertThat(shifted.status()).as(shifted.output()).isEqualTo("succeeded");
        JsonNode alert = Json.parse(shifted.output());
        assertThat(alert.path("alert").asBoolean()).isTrue();
        assertThat(alert.path("max_psi").asDouble()).isGreaterThan(0.25);
        assertThat(alert.path("max_psi_feature").asText()).isIn("credit_amount", "age");
        assertThat(history("drift-shifted"))
                .singleElement()
                .satisfies(r -> assertThat(Json.parse(r.output()).path("alert").asBoolean())
                        .isTrue());
    }

    @Test
    void auditPdfReExportsASignedPdfWhoseSignatureVerifies() throws Exception {
        Path pdf = home.resolve("runs").resolve(trained.runId()).resolve("audit.pdf");
        Files.deleteIfExists(pdf);
        CronRun run = createAndRun("audit-export", "audit_pdf", Json.object().put("run_id", trained.runId()));
        assertThat(run.status()).as(run.output()).isEqualTo("succeeded");
        assertThat(Json.parse(run.output()).path("signed").asBoolean()).isTrue();
        assertThat(pdf).exists();
        var keys = Ed25519Signer.load(home.resolve("keys").resolve("audit"), Clock.systemUTC());
        assertThat(ReceiptVerifier.verify(pdf, keys.publicKey()).valid()).isTrue();
    }

    // ---- helpers --------------------------------------------------------------------------

    /** German Credit with the amounts tripled and everyone 25 years older. */
    private static Path shifted() throws Exception {
        List<String> lines = Files.readAllLines(DATASET);
        List<String> header = List.of(lines.get(0).split(","));
        int amount = header.indexOf("credit_amount");
        int age = header.indexOf("age");
        List<String> out = new ArrayList<>();
        out.add(lines.get(0));
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",", -1);
            cells[amount] = Long.toString(Long.parseLong(cells[amount]) * 3);
            cells[age] = Long.toString(Long.parseLong(cells[age]) + 25);
            out.add(String.join(",", cells));
        }
        Path file = home.resolve("datasets").resolve("german_credit_shifted.csv");
        Files.write(file, out);
        return file;
    }

    private static CronRun createAndRun(String name, String kind, JsonNode params) throws Exception {
        CronService cron = platform.cron();
        cron.create(name, "0 4 * * 1", null, kind, params, "tester")
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
        return cron.runNow(name).toCompletableFuture().get(120, TimeUnit.SECONDS);
    }

    private static List<CronRun> history(String name) throws Exception {
        return platform.cron()
                .runs(name, 10, 0)
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS)
                .items();
    }

    private static RunView start(String template) throws Exception {
        return platform.runs()
                .start(new RunService.StartRequest(
                        "Predict whether a loan applicant is a good or a bad credit risk.",
                        DATASET.toString(),
                        null,
                        List.of(),
                        template,
                        null,
                        null,
                        "tester"))
                .toCompletableFuture()
                .get(20, TimeUnit.SECONDS);
    }

    static RunView view(String runId) {
        try {
            return platform.runs().get(runId).toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    static void awaitState(String runId, String state) {
        probes.createTestProbe().awaitAssert(Duration.ofSeconds(180), Duration.ofMillis(200), () -> {
            RunView v = view(runId);
            assertThat(v.failure()).isNull();
            assertThat(v.state()).isEqualTo(state);
            return null;
        });
    }
}
