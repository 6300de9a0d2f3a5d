package svc.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.core.testing.FakeToolbox;
import svc.core.testing.PlatformFixture;

/** The run-wide limits: the spend budget and the bound on runs running at once. */
class RunLimitsTest {

    @TempDir
    Path home;

    private final FakeToolbox tools = new FakeToolbox();
    private PlatformFixture fx;

    @AfterEach
    void stop() {
        fx.close();
    }

    @Test
    void spendingPastTheBudgetPausesTheRunAndResumeGrantsAnotherBudget() throws Exception {
        fx = new PlatformFixture(home, tools);
        fx.start(Map.of("svc.budget-per-pipeline-usd", "0.05"));
        RunView run = fx.startRun("fast_prototype");
        fx.awaitState(run.runId(), "paused");
        RunView paused = fx.view(run.runId());
        assertThat(paused.costUsd()).isGreaterThan(0.05).isLessThan(0.10);
        int stepsBefore = totalCalls(run.runId());

        RunView resumed = fx.platform
                .runs()
                .resume(run.runId(), "ops")
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
        assertThat(resumed.state()).isEqualTo("running");
        fx.eventually(
                Duration.ofSeconds(30),
                () -> assertThat(totalCalls(run.runId())).isGreaterThan(stepsBefore));
        fx.awaitState(run.runId(), "paused");
        assertThat(fx.view(run.runId()).costUsd()).isGreaterThan(0.10);
    }

    @Test
    void runsBeyondTheConcurrencyLimitWaitQueuedInOrder() throws Exception {
        tools.holdTraining = new CountDownLatch(1);
        fx = new PlatformFixture(home, tools);
        fx.start(Map.of("svc.max-concurrent-pipelines", "1"));
        RunView first = fx.startRun("fast_prototype");
        RunView second = fx.startRun("fast_prototype");
        RunView third = fx.startRun("fast_prototype");
        assertThat(tools.trainingStarted.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(fx.view(first.runId()).state()).isEqualTo("running");
        assertThat(fx.view(second.runId()).state()).isEqualTo("queued");
        assertThat(fx.view(third.runId()).state()).isEqualTo("queued");
        tools.holdTraining.countDown();
        fx.awaitState(first.runId(), "succeeded");
        fx.awaitState(second.runId(), "succeeded");
        fx.awaitState(third.runId(), "succeeded");
        assertThat(fx.view(second.runId()).updatedAt())
                .isBefore(fx.view(third.runId()).updatedAt());
    }

    private int totalCalls(String runId) {
        int n = 0;
        for (String tool : new String[] {
            "inspect_dataset",
            "validate_dataset",
            "detect_leakage",
            "prepare_dataset",
            "train_model",
            "select_model",
            "evaluate_model"
        }) {
            n += tools.callsTo(runId, tool);
        }
        return n;
    }
}
