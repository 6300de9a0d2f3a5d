package svc.core.platform;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.core.run.RunView;
import svc.core.stream.LiveEventHub;
import svc.core.testing.FakeToolbox;
import svc.core.testing.PlatformFixture;
import svc.core.tools.ToolPermissions;

/**
 * The settings file's {@code defaults} as {@code svc server} lays them over {@code svc.agents.*}:
 * the session timeout, the error limits and liveness stop or watch agents in a real run, each
 * with its reason as an {@code agent_notice} in the run's stream (the message the WebSocket and
 * the console carry).
 */
class AgentLimitsTest {

    @TempDir
    Path home;

    private final FakeToolbox tools = new FakeToolbox();
    private final List<ObjectNode> stream = new CopyOnWriteArrayList<>();
    private PlatformFixture fx;
    private LiveEventHub.Subscription subscription;

    @BeforeEach
    void fixture() throws Exception {
        fx = new PlatformFixture(home, tools);
    }

    @AfterEach
    void stop() throws Exception {
        if (tools.holdTraining != null) {
            tools.holdTraining.countDown();
        }
        if (subscription != null) {
            subscription.close();
        }
        fx.close();
    }

    private void start(Map<String, Object> overrides) {
        fx.start(overrides);
        subscription = fx.platform.liveEvents().subscribe(LiveEventHub.ALL_RUNS, m -> stream.add(m.json()));
    }

    private List<ObjectNode> notices(String agent, String kind) {
        return stream.stream()
                .filter(m -> m.path("type").asText().equals("agent_notice"))
                .filter(m -> m.path("agent").asText().equals(agent))
                .filter(m -> m.path("kind").asText().equals(kind))
                .toList();
    }

    @Test
    void aStalledToolIsNudgedWarnedAboutAndInterrupted() throws Exception {
        tools.holdTraining = new CountDownLatch(1);
        start(Map.of(
                "svc.agents.liveness.idle-nudge-after", "1s",
                "svc.agents.liveness.idle-nudge-interval", "1s",
                "svc.agents.liveness.max-nudges", "2",
                "svc.agents.liveness.idle-warn-after", "2s",
                "svc.agents.liveness.stall-timeout", "3s",
                "svc.agents.liveness.auto-interrupt-stalled", "on"));
        RunView run = fx.startRun("fast_prototype");
        assertThat(tools.trainingStarted.await(30, TimeUnit.SECONDS)).isTrue();

        fx.eventually(
                Duration.ofSeconds(30),
                () -> assertThat(notices("model-trainer", "interrupted"))
                        .singleElement()
                        .satisfies(n -> assertThat(n.path("content").asText())
                                .contains("model-trainer was interrupted: it waited")
                                .contains("for a tool (stall timeout 3 s, auto_interrupt_stalled)")));
        assertThat(notices("model-trainer", "liveness_nudge"))
                .hasSize(2)
                .allSatisfy(n -> assertThat(n.path("run_id").asText()).isEqualTo(run.runId()));
        assertThat(notices("model-trainer", "liveness_warning")).hasSize(1);
        assertThat(notices("model-trainer", "stalled")).hasSize(1);
        assertThat(stream).as("the interrupted task ends, failed").anySatisfy(m -> {
            assertThat(m.path("agent").asText()).isEqualTo("model-trainer");
            assertThat(m.path("type").asText()).isEqualTo("task_finished");
            assertThat(m.path("ok").asBoolean(true)).isFalse();
        });
        // The coordinator waiting for the trainer was nudged by sending it the task again.
        assertThat(notices("training-coordinator", "liveness_nudge"))
                .isNotEmpty()
                .allSatisfy(n -> assertThat(n.path("content").asText()).contains("was sent to model-trainer again"));
    }

    @Test
    void withLivenessOffNothingIsNoticed() throws Exception {
        tools.holdTraining = new CountDownLatch(1);
        start(Map.of(
                "svc.agents.liveness.enabled", "off",
                "svc.agents.liveness.idle-nudge-after", "1s",
                "svc.agents.liveness.stall-timeout", "1s",
                "svc.agents.liveness.auto-interrupt-stalled", "on"));
        RunView run = fx.startRun("fast_prototype");
        assertThat(tools.trainingStarted.await(30, TimeUnit.SECONDS)).isTrue();
        tools.holdTraining.countDown();

        fx.awaitState(run.runId(), "succeeded");
        assertThat(stream).noneSatisfy(m -> assertThat(m.path("type").asText()).isEqualTo("agent_notice"));
    }

    @Test
    void theSessionTimeoutStopsATaskInTheMiddleOfItsWait() throws Exception {
        tools.holdTraining = new CountDownLatch(1);
        start(Map.of("svc.agents.session-timeout", "2s", "svc.agents.liveness.enabled", "off"));
        RunView run = fx.startRun("fast_prototype");

        fx.awaitState(run.runId(), "failed");
        assertThat(fx.view(run.runId()).failure()).contains("session timeout of 2 s");
        assertThat(stream).anySatisfy(m -> {
            assertThat(m.path("type").asText()).isEqualTo("agent_notice");
            assertThat(m.path("kind").asText()).isEqualTo("session_timeout");
            assertThat(m.path("content").asText()).contains("'s session is stopped");
        });
    }

    @Test
    void consecutiveToolErrorsStopTheTask() throws Exception {
        fx.permissions = (runId, agent, tool, args) -> tool.equals("inspect_dataset")
                ? ToolPermissions.Verdict.deny("policy", "no inspection today")
                : ToolPermissions.Verdict.allow();
        start(Map.of("svc.agents.max-consecutive-errors", "1", "svc.agents.max-total-errors", "0"));
        RunView run = fx.startRun("fast_prototype");

        fx.awaitState(run.runId(), "failed");
        assertThat(fx.view(run.runId()).failure()).contains("tool calls failed (max_consecutive_errors 1)");
        assertThat(notices("data-profiler", "max_consecutive_errors")).singleElement();
    }

    @Test
    void anAgentPastItsTotalErrorsIsStopped() throws Exception {
        fx.permissions = (runId, agent, tool, args) -> tool.equals("inspect_dataset")
                ? ToolPermissions.Verdict.deny("policy", "no inspection today")
                : ToolPermissions.Verdict.allow();
        start(Map.of("svc.agents.max-consecutive-errors", "0", "svc.agents.max-total-errors", "1"));
        RunView run = fx.startRun("fast_prototype");

        fx.awaitState(run.runId(), "failed");
        assertThat(fx.view(run.runId()).failure()).contains("failed in this run (max_total_errors 1)");
        assertThat(notices("data-profiler", "max_total_errors")).isNotEmpty();
    }
}
