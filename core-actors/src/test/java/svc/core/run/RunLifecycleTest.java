package svc.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.config.Json;
import svc.core.testing.FakeToolbox;
import svc.core.testing.PlatformFixture;

/**
 * Whole pipelines through one real platform (H2 file journal, sharding, projections) with the
 * scripted model and fake tools: the walk, routers, gates, cancellation and bad requests.
 */
class RunLifecycleTest {

    @TempDir
    static Path home;

    static final FakeToolbox tools = new FakeToolbox();
    static PlatformFixture fx;

    @BeforeAll
    static void start() throws Exception {
        fx = new PlatformFixture(home, tools);
        fx.start(Map.of());
    }

    @AfterAll
    static void stop() {
        fx.close();
    }

    @Test
    void fastPrototypeRunsEveryStageToSuccessAndWritesConversations() throws Exception {
        RunView run = fx.startRun("fast_prototype");
        assertThat(run.state()).isEqualTo("queued");
        fx.awaitState(run.runId(), "succeeded");

        RunView done = fx.view(run.runId());
        // The coordinator picks the better validation score of the two candidates it trained.
        assertThat(done.facts()).containsEntry("dataset.target", "y").containsEntry("model.selected", "xgboost");
        assertThat(done.costUsd()).isPositive();
        assertThat(tools.callsTo(run.runId(), "train_model")).isEqualTo(2);
        assertThat(tools.callsTo(run.runId(), "register_model_deployment")).isEqualTo(1);

        Path conversations = fx.runDir(run.runId()).resolve("conversations");
        fx.eventually(Duration.ofSeconds(10), () -> {
            assertThat(conversations.resolve("index.json")).exists();
            assertThat(conversations.resolve("container-builder.jsonl")).exists();
        });
        // The projection may still be appending (a group can be read half written): retry until whole.
        fx.eventually(Duration.ofSeconds(10), () -> {
            try (DirectoryStream<Path> files = Files.newDirectoryStream(conversations, "*.jsonl")) {
                for (Path file : files) {
                    List<String> lines = Files.readAllLines(file);
                    for (int i = 0; i < lines.size(); i++) {
                        JsonNode line = Json.parse(lines.get(i));
                        assertThat(line.path("seq").asLong())
                                .as("line %d of %s", i + 1, file)
                                .isEqualTo(i + 1);
                        assertThat(line.path("role").asText()).isIn("user", "assistant", "tool");
                        assertThat(line.path("agent").asText())
                                .isEqualTo(file.getFileName().toString().replace(".jsonl", ""));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        fx.eventually(Duration.ofSeconds(10), () -> {
            JsonNode index = Json.parse(read(conversations.resolve("index.json")));
            assertThat(index.path("agents")
                            .path("model-trainer")
                            .path("reports_to")
                            .asText())
                    .isEqualTo("training-coordinator");
            assertThat(index.path("agents").path("director").path("tier").asText())
                    .isEqualTo("director");
            assertThat(index.path("agents").path("director").path("delegations").asInt())
                    .isEqualTo(4);
        });
    }

    @Test
    void failedFairnessLoopsThroughMitigationUntilTheBoundThenWaitsForDeployApproval() throws Exception {
        tools.fairnessFailures = 10;
        RunView run;
        try {
            run = fx.startRun("default_ml_pipeline");
            fx.awaitState(run.runId(), "waiting_approval");
        } finally {
            tools.fairnessFailures = 0;
        }

        // Reweighing first, then group thresholds; after that mitigation.applied ends the loop.
        assertThat(tools.callsTo(run.runId(), "mitigate_bias")).isEqualTo(2);
        assertThat(tools.callsTo(run.runId(), "audit_fairness")).isEqualTo(3);
        RunView waiting = fx.view(run.runId());
        assertThat(waiting.facts())
                .containsEntry("mitigation.method", "group_thresholds")
                .containsEntry("model.selected", "xgboost+group_thresholds");
        assertThat(waiting.pendingGates())
                .singleElement()
                .satisfies(g -> assertThat(g.type()).isEqualTo("deploy"));
        assertThat(tools.callsTo(run.runId(), "build_container_image")).isZero();

        fx.eventually(
                Duration.ofSeconds(10),
                () -> assertThat(fx.pendingGates(run.runId())).hasSize(1));
        String gateId = fx.pendingGates(run.runId()).get(0).gateId();
        fx.platform
                .runs()
                .decide(gateId, true, "ops@example.com", "fairness reviewed")
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
        fx.awaitState(run.runId(), "succeeded");
        assertThat(tools.callsTo(run.runId(), "build_container_image")).isEqualTo(1);

        Path approvals = fx.runDir(run.runId()).resolve("approvals.json");
        fx.eventually(Duration.ofSeconds(10), () -> {
            JsonNode gate = Json.parse(read(approvals)).path("gates").get(0);
            assertThat(gate.path("state").asText()).isEqualTo("approved");
            assertThat(gate.path("decided_by").asText()).isEqualTo("ops@example.com");
            assertThat(gate.path("rationale").asText()).isEqualTo("fairness reviewed");
            assertThat(gate.path("ttl_seconds").asLong()).isEqualTo(259200);
        });
    }

    @Test
    void aPassingFairnessAuditGoesStraightToQualityReview() throws Exception {
        RunView run = fx.startRun("default_ml_pipeline");
        fx.awaitState(run.runId(), "waiting_approval");
        assertThat(tools.callsTo(run.runId(), "mitigate_bias")).isZero();
        assertThat(tools.callsTo(run.runId(), "recommend_learners")).isEqualTo(1);
        assertThat(tools.callsTo(run.runId(), "train_model")).isEqualTo(3);
        assertThat(tools.callsTo(run.runId(), "export_audit_pdf")).isEqualTo(1);
    }

    @Test
    void parallelResearchMergesEveryResearchersAnswer() throws Exception {
        RunView run = fx.startRun("parallel_research");
        fx.awaitState(run.runId(), "waiting_approval");
        // Each researcher ran its tool, then the coordinator merged them with one more call.
        assertThat(tools.callsTo(run.runId(), "recommend_learners")).isGreaterThanOrEqualTo(3);
        assertThat(fx.view(run.runId()).facts()).containsEntry("algorithm.learners", "linear,random_forest,xgboost");
    }

    @Test
    void rejectedGateFailsTheRunWithTheReason() throws Exception {
        RunView run = fx.startRun("default_ml_pipeline");
        fx.awaitState(run.runId(), "waiting_approval");
        String gateId = fx.view(run.runId()).pendingGates().get(0).gateId();
        RunView after = fx.platform
                .runs()
                .decide(gateId, false, "risk@example.com", "not before audit")
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
        assertThat(after.state()).isEqualTo("failed");
        assertThat(after.failure()).contains("rejected by risk@example.com").contains("not before audit");
        assertThatThrownBy(() -> fx.platform
                        .runs()
                        .decide(gateId, true, "x", "")
                        .toCompletableFuture()
                        .get(10, TimeUnit.SECONDS))
                .hasCauseInstanceOf(RunErrors.Conflict.class);
    }

    @Test
    void aGateThatOutlivesItsTtlIsEscalatedThenExpiredAndFailsTheRun() throws Exception {
        Path workflow = home.resolve("datasets").resolve("quick-gate.yaml");
        Files.writeString(workflow, """
        name: quick_gate
        description: one stage, then a gate that expires after two seconds
        start: prepare
        nodes:
          - {id: prepare, type: stage, team: data, goal: Profile the data.}
          - {id: approve, type: checkpoint, gate_type: manual, ttl_seconds: 2, escalate_after_seconds: 1, \
        notify_channels: [email]}
          - {id: finish, type: stage, team: quality, goal: Review.}
        edges:
          - {source: prepare, target: approve, priority: 0, metadata: {}}
          - {source: approve, target: finish, priority: 0, metadata: {}}
        """);
        RunView run = fx.startRun(new RunService.StartRequest(
                "Predict y.", fx.dataset.toString(), "y", List.of(), null, null, workflow.toString(), "t"));
        assertThat(run.template()).isEqualTo("quick_gate");
        fx.awaitState(run.runId(), "failed");
        assertThat(fx.view(run.runId()).failure()).contains("expired");
        fx.eventually(Duration.ofSeconds(10), () -> {
            JsonNode gate = Json.parse(read(fx.runDir(run.runId()).resolve("approvals.json")))
                    .path("gates")
                    .get(0);
            assertThat(gate.path("state").asText()).isEqualTo("expired");
            assertThat(gate.hasNonNull("escalated_at"))
                    .as("escalated before it expired")
                    .isTrue();
        });
    }

    @Test
    void cancelStopsTheAgentsAtTheirNextStepAndKeepsWhatWasWritten() throws Exception {
        tools.trainingStarted = new CountDownLatch(1);
        tools.holdTraining = new CountDownLatch(1);
        RunView run = fx.startRun("fast_prototype");
        assertThat(tools.trainingStarted.await(30, TimeUnit.SECONDS)).isTrue();
        RunView cancelled = fx.platform
                .runs()
                .cancel(run.runId(), "ops")
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
        tools.holdTraining.countDown();
        tools.holdTraining = null;
        assertThat(cancelled.state()).isEqualTo("cancelled");
        fx.eventually(
                Duration.ofSeconds(10),
                () -> assertThat(fx.runDir(run.runId()).resolve("conversations").resolve("model-trainer.jsonl"))
                        .exists());
        assertThat(tools.callsTo(run.runId(), "select_model")).isZero();
        assertThat(fx.view(run.runId()).state()).isEqualTo("cancelled");
        assertThatThrownBy(() -> fx.platform
                        .runs()
                        .cancel(run.runId(), "ops")
                        .toCompletableFuture()
                        .get(10, TimeUnit.SECONDS))
                .hasCauseInstanceOf(RunErrors.Conflict.class);
    }

    @Test
    void unknownTemplateAndMissingDatasetAreReportedTogether() {
        assertThatThrownBy(() -> fx.startRun(new RunService.StartRequest(
                        "p",
                        home.resolve("datasets").resolve("nope.csv").toString(),
                        null,
                        List.of(),
                        "no_such_template",
                        null,
                        null,
                        "t")))
                .cause()
                .isInstanceOf(RunErrors.Invalid.class)
                .satisfies(e -> assertThat(((RunErrors.Invalid) e).problems()).hasSize(2));
    }

    @Test
    void anUnknownRunIsNotFound() {
        assertThatThrownBy(() -> fx.platform
                        .runs()
                        .get("run-doesnotexist")
                        .toCompletableFuture()
                        .get(10, TimeUnit.SECONDS))
                .hasCauseInstanceOf(RunErrors.NotFound.class);
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
