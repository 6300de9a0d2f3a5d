package svc.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import svc.core.task.TaskOutcome;

/** The one rule from event to run state, checked for every event the run journals. */
class RunStateTest {

    static final Instant T = Instant.parse("2026-01-01T00:00:00Z");

    /** One sample of every event, and the state it leaves a running run in (null: unchanged). */
    static Map<RunEntity.Event, RunState> fromRunning() {
        Map<RunEntity.Event, RunState> m = new LinkedHashMap<>();
        m.put(new RunEntity.RunCreated(null, "{}", T), RunState.QUEUED);
        m.put(new RunEntity.RunAdmitted(T), RunState.RUNNING);
        m.put(new RunEntity.NodeEntered("a", 1, null, "", T), RunState.RUNNING);
        m.put(new RunEntity.ResearchAnswered("a", "x", new TaskOutcome(true, "ok", Map.of()), T), RunState.RUNNING);
        m.put(new RunEntity.StageCompleted("a", 1, "ok", Map.of(), T), RunState.RUNNING);
        m.put(
                new RunEntity.GateOpened(Gate.forTool("g", "r", "a", "deploy", T, "t", "x"), T),
                RunState.WAITING_APPROVAL);
        m.put(new RunEntity.GateEscalated("g", T), null);
        m.put(new RunEntity.GateDecided("g", true, "ops", "", T), RunState.QUEUED);
        m.put(new RunEntity.GateExpired("g", T), null);
        m.put(new RunEntity.CostUpdated("x", 1.0, "m", "scripted", T), null);
        m.put(new RunEntity.DelegationCounted("x", T), RunState.RUNNING);
        m.put(new RunEntity.RunPaused("budget", T), RunState.PAUSED);
        m.put(new RunEntity.RunResumed("ops", T), RunState.RUNNING);
        m.put(new RunEntity.RunCancelled("ops", T), RunState.CANCELLED);
        m.put(new RunEntity.RunSucceeded(T), RunState.SUCCEEDED);
        m.put(new RunEntity.RunFailed("boom", T), RunState.FAILED);
        m.put(new RunEntity.RunPruned(List.of(new PruneNote("conversations", T, "2 files")), false, T), null);
        return m;
    }

    @Test
    void everyEventHasARule() {
        var sampled = fromRunning().keySet().stream().map(Object::getClass).collect(Collectors.toSet());
        assertThat(sampled).containsExactlyInAnyOrder(RunEntity.Event.class.getPermittedSubclasses());
        fromRunning()
                .forEach((event, expected) -> assertThat(RunState.after(RunState.RUNNING, event))
                        .as(event.getClass().getSimpleName())
                        .isEqualTo(expected == null ? RunState.RUNNING : expected));
    }

    @Test
    void aRejectedGateLeavesTheRunWaitingForTheFailureThatFollows() {
        var rejected = new RunEntity.GateDecided("g", false, "risk", "no", T);
        assertThat(RunState.after(RunState.WAITING_APPROVAL, rejected)).isEqualTo(RunState.WAITING_APPROVAL);
        assertThat(RunState.setBy(rejected)).isEmpty();
    }

    @Test
    void costsDoNotMoveAPausedRun() {
        assertThat(RunState.after(RunState.PAUSED, new RunEntity.CostUpdated("x", 2.0, "m", "scripted", T)))
                .isEqualTo(RunState.PAUSED);
    }

    @Test
    void wireNamesAreTheApisSpelling() {
        assertThat(RunState.wireNames())
                .containsExactly("queued", "running", "waiting_approval", "paused", "cancelled", "succeeded", "failed");
        assertThat(RunState.liveWireNames()).containsExactly("queued", "running", "waiting_approval", "paused");
        assertThat(Arrays.stream(RunState.values()).filter(RunState::isFinished))
                .containsExactly(RunState.CANCELLED, RunState.SUCCEEDED, RunState.FAILED);
        assertThat(RunState.ofWireName("waiting_approval")).contains(RunState.WAITING_APPROVAL);
        assertThat(RunState.ofWireName("absent")).isEmpty();
        assertThat(List.of(RunState.values()))
                .allSatisfy(s -> assertThat(RunState.ofWireName(s.wireName())).contains(s));
    }
}
