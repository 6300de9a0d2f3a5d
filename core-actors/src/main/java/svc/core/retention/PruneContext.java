package svc.core.retention;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import svc.core.run.PruneNote;

/**
 * What one sweep gives its pruners: the time it runs at, whether it only reports, the periods,
 * the finished runs old enough for the shortest period, and where deletions and run notes go.
 */
public final class PruneContext {

    /** Notes on a finished run what was deleted of it; with {@code snapshot}, once its snapshot is stored. */
    @FunctionalInterface
    public interface RunNotes {
        void note(String runId, PruneNote note, boolean snapshot) throws Exception;
    }

    private static final double MILLIS_PER_DAY = Duration.ofDays(1).toMillis();

    private final Instant now;
    private final boolean dryRun;
    private final RetentionPolicy policy;
    private final List<FinishedRun> finishedRuns;
    private final Consumer<Deletion> sink;
    private final RunNotes notes;
    private final List<String> failures = new CopyOnWriteArrayList<>();

    PruneContext(
            Instant now,
            boolean dryRun,
            RetentionPolicy policy,
            List<FinishedRun> finishedRuns,
            Consumer<Deletion> sink,
            RunNotes notes) {
        this.now = now;
        this.dryRun = dryRun;
        this.policy = policy;
        this.finishedRuns = List.copyOf(finishedRuns);
        this.sink = sink;
        this.notes = notes;
    }

    public Instant now() {
        return now;
    }

    /** True when nothing may be deleted: report what would be. */
    public boolean dryRun() {
        return dryRun;
    }

    public RetentionPolicy policy() {
        return policy;
    }

    /** Finished runs that ended before {@code now} minus the shortest period, oldest first. */
    public List<FinishedRun> finishedRuns() {
        return finishedRuns;
    }

    /** The run's days for the class, from its profile template. */
    public int days(FinishedRun run, RetentionClass c) {
        return policy.days(run.profile(), c);
    }

    /** Days since the run ended, to two decimals. */
    public double ageDays(FinishedRun run) {
        return ageDays(run.endedAt());
    }

    /** Days since {@code since}, to two decimals. */
    public double ageDays(Instant since) {
        return Math.round(Duration.between(since, now).toMillis() / MILLIS_PER_DAY * 100) / 100.0;
    }

    /** Whether something from {@code since} is older than {@code days} at {@code now}. */
    public boolean due(Instant since, int days) {
        return since.plus(Duration.ofDays(days)).isBefore(now);
    }

    /** Reports one deletion as it happens: logged and counted (in a dry run, only collected). */
    public void deleted(Deletion deletion) {
        sink.accept(deletion);
    }

    /**
     * Records that a pruner could not finish with one run (or one group of rows): the sweep goes
     * on, and its report and the job's output name the failure; the next sweep tries again.
     */
    public void failed(String kind, String what, Exception e) {
        String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        failures.add(kind + " " + what + ": " + reason);
    }

    List<String> failures() {
        return List.copyOf(failures);
    }

    /** Notes on the run what this pruner deleted of it; nothing in a dry run. */
    public void noteOnRun(String runId, String kind, String detail, boolean snapshot) throws Exception {
        if (!dryRun) {
            notes.note(runId, new PruneNote(kind, now, detail), snapshot);
        }
    }
}
