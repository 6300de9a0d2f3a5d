package svc.core.run;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The states of a run, and the one rule for which event leads to which state. The entity's state
 * types, the read side, the live stream, the API's filter and schema and the CLI all use this
 * enum; {@link #wireName()} is how a state is spelled in JSON, tables and URLs.
 */
public enum RunState {
    QUEUED,
    RUNNING,
    WAITING_APPROVAL,
    PAUSED,
    CANCELLED,
    SUCCEEDED,
    FAILED;

    private final String wireName = name().toLowerCase(Locale.ROOT);

    /** {@code queued}, {@code waiting_approval}, ... */
    public String wireName() {
        return wireName;
    }

    /** Whether the run is over: nothing will happen to it any more. */
    public boolean isFinished() {
        return this == CANCELLED || this == SUCCEEDED || this == FAILED;
    }

    /** Every state's wire name, in lifecycle order. */
    public static List<String> wireNames() {
        return Arrays.stream(values()).map(RunState::wireName).toList();
    }

    /** The wire names of the states a run can still leave. */
    public static List<String> liveWireNames() {
        return Arrays.stream(values())
                .filter(s -> !s.isFinished())
                .map(RunState::wireName)
                .toList();
    }

    public static Optional<RunState> ofWireName(String wireName) {
        return Arrays.stream(values()).filter(s -> s.wireName.equals(wireName)).findFirst();
    }

    /** The state a run is in after {@code event}, from {@code before} (null before it exists). */
    public static RunState after(RunState before, RunEntity.Event event) {
        return setBy(event).orElse(before);
    }

    /**
     * The state {@code event} puts a run in, or empty when the run stays where it was.
     *
     * <p>An approved gate sends the run back to the queue for a slot (it gave its slot back when
     * the gate opened); a rejected or expired one leaves it waiting until the failure that
     * follows. Stage events happen only while running.
     */
    public static Optional<RunState> setBy(RunEntity.Event event) {
        if (event instanceof RunEntity.RunCreated) return Optional.of(QUEUED);
        if (event instanceof RunEntity.RunAdmitted
                || event instanceof RunEntity.RunResumed
                || event instanceof RunEntity.NodeEntered
                || event instanceof RunEntity.ResearchAnswered
                || event instanceof RunEntity.StageCompleted
                || event instanceof RunEntity.DelegationCounted) {
            return Optional.of(RUNNING);
        }
        if (event instanceof RunEntity.GateOpened) return Optional.of(WAITING_APPROVAL);
        if (event instanceof RunEntity.GateDecided d) return d.approved() ? Optional.of(QUEUED) : Optional.empty();
        if (event instanceof RunEntity.RunPaused) return Optional.of(PAUSED);
        if (event instanceof RunEntity.RunCancelled) return Optional.of(CANCELLED);
        if (event instanceof RunEntity.RunSucceeded) return Optional.of(SUCCEEDED);
        if (event instanceof RunEntity.RunFailed) return Optional.of(FAILED);
        if (event instanceof RunEntity.CostUpdated
                || event instanceof RunEntity.RunPruned
                || event instanceof RunEntity.GateEscalated
                || event instanceof RunEntity.GateExpired) {
            return Optional.empty();
        }
        throw new IllegalArgumentException(
                "no state rule for " + event.getClass().getName());
    }
}
