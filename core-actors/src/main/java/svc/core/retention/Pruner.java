package svc.core.retention;

/**
 * Deletes one kind of artefact once it is past its class's days. The sweep runs every pruner in
 * turn on the blocking dispatcher; each finds what is due at {@link PruneContext#now()} (a run's
 * data ages from the run's end, {@link PruneContext#finishedRuns()}), deletes it unless it is a
 * dry run, and reports every deletion to {@link PruneContext#deleted} as it happens, which logs
 * it and counts it. A pruner of a run's data also notes it on the run
 * ({@link PruneContext#noteOnRun}), so the run's record says what is gone.
 *
 * <p>Deleting must be idempotent: what is gone is not found again, so a sweep that runs again
 * after a crash (or twice during a failover) deletes and reports only what is left.
 */
public interface Pruner {

    /** The artefact kind: {@code artefact_kind} of the log and of {@code svc_retention_pruned_total}. */
    String kind();

    /** Deletes (or, in a dry run, only reports) what is due; a failure stops this pruner only. */
    void prune(PruneContext context) throws Exception;
}
