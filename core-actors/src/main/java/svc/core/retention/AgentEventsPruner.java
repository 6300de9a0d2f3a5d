package svc.core.retention;

import svc.core.agent.AgentEntity;

/**
 * {@code agent_events}: the journal events and snapshots of a finished run's agents. They hold
 * the run's conversations (the conversation files are projected from them) and they are run
 * events, so they go when the first of {@code conversations_days} and {@code run_events_days}
 * has passed: no conversation outlives its class in the journal, and no run event outlives its.
 *
 * <p>The rows go entirely, snapshots included (a snapshot holds the whole conversation): a
 * finished run's agents get no more work (the run refuses their steps), so nothing recovers them;
 * one that did would start empty.
 */
final class AgentEventsPruner extends RunDataPruner {

    static final String KIND = "agent_events";

    private final JournalRows journal;

    AgentEventsPruner(JournalRows journal) {
        this.journal = journal;
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    void prune(PruneContext ctx, FinishedRun run) throws Exception {
        int conversations = ctx.days(run, RetentionClass.CONVERSATIONS);
        int events = ctx.days(run, RetentionClass.RUN_EVENTS);
        RetentionClass applies = events < conversations ? RetentionClass.RUN_EVENTS : RetentionClass.CONVERSATIONS;
        int days = Math.min(conversations, events);
        if (!ctx.due(run.endedAt(), days)) {
            return;
        }
        String prefix = AgentEntity.ENTITY_TYPE_KEY.name() + "|" + AgentEntity.entityId(run.runId(), "");
        long rows = ctx.dryRun() ? journal.countWithPrefix(prefix) : journal.deleteWithPrefix(prefix);
        if (rows > 0) {
            ctx.deleted(Deletion.rows(run, KIND, applies, days, ctx.ageDays(run), prefix + "*", rows));
            ctx.noteOnRun(run.runId(), KIND, rows + " journal row(s) of the run's agents", false);
        }
    }
}
