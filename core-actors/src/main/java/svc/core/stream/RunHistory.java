package svc.core.stream;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.NotUsed;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.persistence.jdbc.query.javadsl.JdbcReadJournal;
import org.apache.pekko.persistence.query.EventEnvelope;
import org.apache.pekko.persistence.query.PersistenceQuery;
import org.apache.pekko.stream.javadsl.Sink;
import org.apache.pekko.stream.javadsl.Source;
import svc.core.agent.AgentEntity;
import svc.core.run.RunEntity;
import svc.core.run.RunState;
import svc.core.run.RunView;
import svc.core.task.LiveFeed;

/**
 * A run's stream so far, read back from the journal: the run's own events and those of every
 * agent of the run, as {@link StreamMessages}, in time order. A client that connects late gets
 * this first, so it misses nothing that happened before it came.
 */
public final class RunHistory {

    /**
     * One replayed message, whether the run ended with it, and where it is in the journal: its
     * source (an agent's name or {@link LiveFeed#RUN}) and sequence number there.
     */
    public record Replayed(Instant at, ObjectNode json, boolean finalMessage, String source, long seqNr) {}

    private final JdbcReadJournal journal;
    private final ActorSystem<?> system;

    public RunHistory(ActorSystem<?> system) {
        this.system = system;
        this.journal =
                PersistenceQuery.get(system).getReadJournalFor(JdbcReadJournal.class, JdbcReadJournal.Identifier());
    }

    /**
     * Every message of the run so far. Ties in time keep journal order inside one entity (the sort
     * is stable and each entity's events are read in sequence).
     */
    public CompletionStage<List<Replayed>> messages(String runId, Collection<String> agents) {
        Source<Replayed, NotUsed> run = journal.currentEventsByPersistenceId(
                        RunEntity.ENTITY_TYPE_KEY.name() + "|" + runId, 0L, Long.MAX_VALUE)
                .map(envelope -> ofRun(runId, envelope));
        Source<Replayed, NotUsed> agentEvents = Source.from(List.copyOf(agents))
                .flatMapConcat(agent -> journal.currentEventsByPersistenceId(
                                AgentEntity.ENTITY_TYPE_KEY.name() + "|" + AgentEntity.entityId(runId, agent),
                                0L,
                                Long.MAX_VALUE)
                        .map(envelope -> ofAgent(runId, agent, envelope)));
        return run.concat(agentEvents)
                .runWith(Sink.seq(), system)
                .thenApplyAsync(
                        all -> {
                            List<Replayed> sorted = new ArrayList<>(all);
                            sorted.sort(Comparator.comparing(Replayed::at));
                            return sorted;
                        },
                        system.executionContext());
    }

    /**
     * {@code replay} ending with the run's final state message. A finished run whose journal
     * retention pruned has none left to replay; it gets one made from its record, so that a
     * client's stream of it closes as any finished run's does.
     */
    public static List<Replayed> closed(List<Replayed> replay, RunView run) {
        boolean finished =
                RunState.ofWireName(run.state()).map(RunState::isFinished).orElse(false);
        if (!finished || replay.stream().anyMatch(Replayed::finalMessage)) {
            return replay;
        }
        List<Replayed> all = new ArrayList<>(replay);
        // Made from the record, not read from the journal: sequence 0 claims no journal position, and
        // the stream closes after this final message, so nothing live follows it.
        all.add(new Replayed(run.updatedAt(), StreamMessages.ofPrunedRun(run), true, LiveFeed.RUN, 0));
        return all;
    }

    /** One source's messages {@code from..to} (journal sequence numbers, inclusive). */
    public CompletionStage<List<Replayed>> range(String runId, String source, long from, long to) {
        Source<Replayed, NotUsed> events = source.equals(LiveFeed.RUN)
                ? journal.currentEventsByPersistenceId(RunEntity.ENTITY_TYPE_KEY.name() + "|" + runId, from, to)
                        .map(envelope -> ofRun(runId, envelope))
                : journal.currentEventsByPersistenceId(
                                AgentEntity.ENTITY_TYPE_KEY.name() + "|" + AgentEntity.entityId(runId, source),
                                from,
                                to)
                        .map(envelope -> ofAgent(runId, source, envelope));
        return events.runWith(Sink.seq(), system);
    }

    private static Replayed ofRun(String runId, EventEnvelope envelope) {
        RunEntity.Event event = (RunEntity.Event) envelope.event();
        return new Replayed(
                event.at(),
                StreamMessages.ofRun(runId, event),
                StreamMessages.isFinal(event),
                LiveFeed.RUN,
                envelope.sequenceNr());
    }

    private static Replayed ofAgent(String runId, String agent, EventEnvelope envelope) {
        AgentEntity.Event event = (AgentEntity.Event) envelope.event();
        return new Replayed(
                event.at(), StreamMessages.ofAgent(runId, agent, event), false, agent, envelope.sequenceNr());
    }
}
