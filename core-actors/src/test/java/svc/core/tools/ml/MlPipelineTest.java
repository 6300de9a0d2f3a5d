package svc.core.tools.ml;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.typesafe.config.ConfigFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.text.PDFTextStripper;
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
import svc.governance.signing.ArtefactSigning;
import svc.governance.signing.Ed25519Signer;
import svc.governance.signing.ReceiptVerifier;
import svc.persistence.denials.DenialRepository;

/**
 * The main job for real, with the standard parts (real tools, governance, signing): the scripted
 * agents drive the ML engine over German Credit from a plain problem statement (no target named)
 * to the deploy gate, then deployment after approval. A second run under the BFSI profile shows
 * the fairness compliance gate refusing to deploy the same (unfair) model.
 */
class MlPipelineTest {

    @TempDir
    static Path home;

    static Platform platform;
    static ActorTestKit probes;
    static RunView done;
    static RunView bfsi;

    @BeforeAll
    static void runThePipeline() throws Exception {
        probes = ActorTestKit.create("probes");
        platform = Platform.start(
                ConfigFactory.parseMap(Map.of("svc.home", home.toString())).withFallback(ConfigFactory.load()),
                StandardParts.create());
        Path dataset = Path.of("../data/german_credit/german_credit.csv")
                .toAbsolutePath()
                .normalize();
        RunView run = start(dataset, null);
        RunView regulated = start(dataset, "bfsi_baseline");
        for (RunView r : List.of(run, regulated)) {
            awaitState(r.runId(), "waiting_approval");
            String gate = view(r.runId()).pendingGates().get(0).gateId();
            platform.runs()
                    .decide(gate, true, "ops@example.com", "metrics and fairness reviewed")
                    .toCompletableFuture()
                    .get(10, TimeUnit.SECONDS);
        }
        awaitState(run.runId(), "succeeded");
        probes.createTestProbe().awaitAssert(Duration.ofSeconds(120), Duration.ofMillis(200), () -> {
            assertThat(view(regulated.runId()).state()).isEqualTo("failed");
            return null;
        });
        done = view(run.runId());
        bfsi = view(regulated.runId());
        // The run projection signs the audit PDF again once the run has succeeded.
        probes.createTestProbe().awaitAssert(Duration.ofSeconds(60), Duration.ofMillis(200), () -> {
            assertThat(pdfText(platform.settings().runDir(done.runId()).resolve("audit.pdf")))
                    .contains("ops@example.com");
            return null;
        });
    }

    static String pdfText(Path pdf) {
        try (var document = Loader.loadPDF(pdf.toFile())) {
            return new PDFTextStripper().getText(document);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static RunView start(Path dataset, String profile) throws Exception {
        return platform.runs()
                .start(new RunService.StartRequest(
                        "Predict whether a loan applicant is a good or a bad credit risk.",
                        dataset.toString(),
                        null,
                        List.of(),
                        "default_ml_pipeline",
                        profile,
                        null,
                        "tester"))
                .toCompletableFuture()
                .get(20, TimeUnit.SECONDS);
    }

    @AfterAll
    static void stop() {
        if (platform != null) {
            platform.close();
        }
        probes.shutdownTestKit();
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

    private Path runDir() {
        return platform.settings().runDir(done.runId());
    }

    private JsonNode json(String name) {
        try {
            return Json.parse(Files.readString(runDir().resolve(name)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void underBfsiTheFairnessGateRefusesToDeployTheUnfairModelAndTheDenialIsStored() throws Exception {
        assertThat(bfsi.failure()).contains("compliance_gate").contains("register_model_deployment");
        Path dir = platform.settings().runDir(bfsi.runId());
        assertThat(dir.resolve("Dockerfile"))
                .as("the steps before registration ran")
                .exists();
        assertThat(dir.resolve("deployment.json")).doesNotExist();
        var denials = new DenialRepository(
                        platform.database().dataSource(), platform.database().columns())
                .query(null, "register_model_deployment", "release-manager", 10, 0);
        assertThat(denials).isNotEmpty();
        assertThat(denials.get(0).source()).isEqualTo("compliance_gate");
        assertThat(denials.get(0).runId()).isEqualTo(bfsi.runId());
    }

    @Test
    void theAuditPdfIsSignedWithAVerifiableDetachedSignature() throws Exception {
        Path pdf = runDir().resolve("audit.pdf");
        assertThat(runDir().resolve("audit.pdf.sig")).exists();
        var receipt = ArtefactSigning.readReceipt(pdf);
        assertThat(receipt.algorithm()).isEqualTo("Ed25519");
        var publicKey = Ed25519Signer.load(home.resolve("keys").resolve("audit"), Clock.systemUTC());
        assertThat(ReceiptVerifier.verify(pdf, publicKey.publicKey()).valid()).isTrue();
        assertThat(pdfText(pdf)).contains("Ed25519");
    }

    @Test
    void theAuditPdfKeptIsSignedAfterTheDeployGateAndTheRegistrationWithChartsUnder500Kb() throws Exception {
        Path pdf = runDir().resolve("audit.pdf");
        String text = pdfText(pdf);
        String deploymentId = json("deployment.json").path("deployment_id").asText();
        assertThat(text)
                .doesNotContain("No human approval is recorded")
                .doesNotContain("(not deployed)")
                .contains("ops@example.com")
                .contains("metrics and fairness reviewed")
                .contains("approved")
                .contains("Registered chain (chain_for_deployment)")
                .contains(deploymentId)
                // the fairness chart's legend, once per sensitive attribute
                .contains("selection rate")
                .contains("true positive rate");
        assertThat(text.split("true positive rate", -1).length - 1)
                .isGreaterThanOrEqualTo(json("fairness.json").path("attributes").size());
        // The signature covers the final rendering.
        var publicKey = Ed25519Signer.load(home.resolve("keys").resolve("audit"), Clock.systemUTC());
        assertThat(ReceiptVerifier.verify(pdf, publicKey.publicKey()).valid()).isTrue();
        assertThat(Files.size(pdf)).isLessThan(500 * 1024);
        String keep = System.getProperty("svc.test.keep-audit-pdf");
        if (keep != null) {
            Files.copy(pdf, Path.of(keep), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    @Test
    void theAgentsFoundTheTargetAndTheSensitiveColumnsFromTheStatementAndTheData() {
        assertThat(done.facts()).containsEntry("dataset.target", "credit_risk").containsEntry("task.type", "binary");
        assertThat((String) done.facts().get("dataset.sensitive"))
                .contains("sex")
                .contains("age");
    }

    @Test
    void metricsHoldTheChosenModelsTestFiguresAndEveryCandidate() throws Exception {
        JsonNode metrics = json("metrics.json");
        assertThat(metrics.path("test").path("accuracy").asDouble()).isGreaterThan(0.68);
        assertThat(metrics.path("test").path("roc_auc").asDouble()).isGreaterThan(0.7);
        assertThat(metrics.path("validation").has("log_loss")).isTrue();
        assertThat(metrics.path("candidates").size()).isGreaterThanOrEqualTo(3);
        // The selected model is the candidate with the best validation score.
        double best = 0;
        String bestName = null;
        for (JsonNode c : metrics.path("candidates")) {
            if (!c.path("candidate").asText().contains("+") && c.path("score").asDouble() > best) {
                best = c.path("score").asDouble();
                bestName = c.path("candidate").asText();
            }
        }
        String selected = metrics.path("model").path("candidate").asText();
        assertThat(selected.startsWith(bestName))
                .as("selected %s, best %s", selected, bestName)
                .isTrue();
    }

    @Test
    void theTargetAndTheLeakageVerdictAreRecordedWithTheirEvidence() throws Exception {
        JsonNode target = json("target.json");
        assertThat(target.path("target").asText()).isEqualTo("credit_risk");
        assertThat(target.path("clear").asBoolean()).isTrue();
        assertThat(target.path("reason").asText()).contains("asks to predict it");
        JsonNode leakage = json("leakage.json");
        assertThat(leakage.path("leaky_columns")).isEmpty();
        // the loan's duration is named like a post-outcome value, but the evidence keeps it
        assertThat(leakage.path("findings").get(0).path("action").asText()).isEqualTo("kept");
        JsonNode metrics = json("metrics.json");
        assertThat(metrics.path("target").asText()).isEqualTo("credit_risk");
        assertThat(metrics.path("dropped_columns").isArray()).isTrue();
        assertThat(json("model/manifest.json").path("target").asText()).isEqualTo("credit_risk");
    }

    @Test
    void everyEvidenceArtefactIsWritten() throws Exception {
        // Written by the run's tools, before the run succeeds.
        for (String name : List.of(
                "metrics.json",
                "fairness.json",
                "drift.json",
                "shap.json",
                "model_card.md",
                "audit.pdf",
                "Dockerfile",
                "k8s/deployment.yaml",
                "k8s/service.yaml",
                "k8s/hpa.yaml",
                "k8s/configmap.yaml",
                "model/manifest.json",
                "target.json",
                "leakage.json",
                "deployment.json")) {
            assertThat(runDir().resolve(name)).as(name).isNotEmptyFile();
        }
        // Written by the read-side projections, which may still be catching up with the run's
        // last events when it has succeeded.
        probes.createTestProbe().awaitAssert(Duration.ofSeconds(60), Duration.ofMillis(200), () -> {
            for (String name : List.of("approvals.json", "conversations/index.json", "conversations/director.jsonl")) {
                assertThat(runDir().resolve(name)).as(name).isNotEmptyFile();
            }
            assertThat(json("approvals.json")
                            .path("gates")
                            .get(0)
                            .path("decided_by")
                            .asText())
                    .isEqualTo("ops@example.com");
            return null;
        });
        assertThat(Files.readString(runDir().resolve("audit.pdf"), StandardCharsets.ISO_8859_1))
                .startsWith("%PDF");
        assertThat(Files.size(runDir().resolve("audit.pdf"))).isLessThan(500 * 1024);
        assertThat(json("fairness.json").path("attributes").size()).isGreaterThanOrEqualTo(2);
        assertThat(json("drift.json").path("max_psi").asDouble()).isLessThan(0.25);
        assertThat(json("shap.json").path("global_importance").size()).isGreaterThan(5);
        assertThat(Files.readString(runDir().resolve("model_card.md"))).contains("credit_risk");
    }
}
