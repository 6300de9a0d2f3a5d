package svc.core.retention;

import svc.core.run.RunEntity;

/**
 * {@code run_events}: a finished run's own journal events once it ended more than
 * {@code run_events_days} ago. The run first notes the pruning and saves a snapshot of its
 * finished state (answered once stored); then every event before that snapshot is deleted, so
 * the run's record is read back from the snapshot (the API's run record stays whole, with the
 * note). A snapshot already there with events still before it (a sweep stopped between the two
 * steps) only needs the deletion; a run with none before it was pruned already.
 */
final class RunEventsPruner extends RunDataPruner {

    static final String KIND = "run_events";

    private final JournalRows journal;

    RunEventsPruner(JournalRows journal) {
        this.journal = journal;
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    void prune(PruneContext ctx, FinishedRun run) throws Exception {
        int days = ctx.days(run, RetentionClass.RUN_EVENTS);
        if (!ctx.due(run.endedAt(), days)) {
            return;
        }
        String persistenceId = RunEntity.ENTITY_TYPE_KEY.name() + "|" + run.runId();
        long snapshot = journal.latestSnapshot(persistenceId);
        long before = journal.countBefore(persistenceId, snapshot == 0 ? Long.MAX_VALUE : snapshot);
        if (before == 0) {
            return;
        }
        long deleted = before;
        if (!ctx.dryRun()) {
            if (snapshot == 0) {
                ctx.noteOnRun(run.runId(), KIND, before + " journal event(s) before a snapshot", true);
                snapshot = journal.latestSnapshot(persistenceId);
                if (snapshot == 0) {
                    throw new IllegalStateException("run " + run.runId() + " stored no snapshot; its events stay");
                }
            }
            deleted = journal.deleteBefore(persistenceId, snapshot);
        }
        ctx.deleted(
                Deletion.rows(run, KIND, RetentionClass.RUN_EVENTS, days, ctx.ageDays(run), persistenceId, deleted));
    }
}
