package svc.core.retention;

/**
 * A pruner of finished runs' data: each run is judged on its own, and a run that fails (a store
 * that does not answer, a journal error) is reported and skipped, so the other runs are still
 * pruned in this sweep.
 */
abstract class RunDataPruner implements Pruner {

    @Override
    public final void prune(PruneContext ctx) {
        for (FinishedRun run : ctx.finishedRuns()) {
            try {
                prune(ctx, run);
            } catch (Exception e) {
                ctx.failed(kind(), run.runId(), e);
            }
        }
    }

    /** Deletes (or, in a dry run, reports) what of {@code run} is past its class's days. */
    abstract void prune(PruneContext ctx, FinishedRun run) throws Exception;
}
