package svc.core.stream;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Supplier;
import svc.core.agent.AgentEntity;
import svc.core.run.RunEntity;
import svc.core.task.LiveFeed;

/**
 * The live feed inside one node: entities publish, watchers of a run get each stream message.
 * Delivery happens on the publishing entity's thread (or the cluster relay's, for what entities
 * on other nodes did), so a watcher must only hand the message on (into a bounded queue), never
 * block; a watcher that throws is dropped.
 *
 * <p>With several nodes, {@link ClusterLiveEvents} hands this node's events to the other nodes
 * and theirs to {@link #deliverRemote}; alone, the hub is all there is.
 */
public final class LiveEventHub {

    /** A watcher's handle; closing it stops delivery. */
    public interface Subscription extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * What a watcher receives: the stream message, whether the run ended with it, the journal it
     * came from ({@code source}: an agent's name or {@link LiveFeed#RUN}) and its sequence number
     * there (0 when unknown), and whether an entity of this node published it.
     */
    public record LiveMessage(ObjectNode json, boolean finalMessage, String source, long seqNr, boolean local) {

        /** A message of this node with no journal position (tests, consoles). */
        public LiveMessage(ObjectNode json, boolean finalMessage) {
            this(json, finalMessage, "", 0, true);
        }
    }

    /** What this node's entities published, as handed on to other nodes. */
    @FunctionalInterface
    public interface Outbox {
        void send(String runId, String source, long seqNr, ObjectNode json, boolean finalMessage);
    }

    /** Watchers of every run (the demo's console, metrics). */
    public static final String ALL_RUNS = "*";

    private final Map<String, List<Consumer<LiveMessage>>> watchers = new ConcurrentHashMap<>();
    private volatile Outbox outbox;

    public Subscription subscribe(String runId, Consumer<LiveMessage> watcher) {
        List<Consumer<LiveMessage>> list = watchers.computeIfAbsent(runId, k -> new CopyOnWriteArrayList<>());
        list.add(watcher);
        return () -> {
            list.remove(watcher);
            watchers.computeIfPresent(runId, (k, v) -> v.isEmpty() ? null : v);
        };
    }

    /** Hands every message this node's entities publish to other nodes too (set once, at start). */
    public void relayTo(Outbox outbox) {
        this.outbox = outbox;
    }

    /** The feed agents publish into. */
    public LiveFeed<AgentEntity.Event> agentFeed() {
        return this::agentEvent;
    }

    /** The feed runs publish into. */
    public LiveFeed<RunEntity.Event> runFeed() {
        return this::runEvent;
    }

    public void agentEvent(String runId, String agent, long seqNr, AgentEntity.Event event) {
        deliverLocal(runId, agent, seqNr, () -> StreamMessages.ofAgent(runId, agent, event), false);
    }

    public void runEvent(String runId, String source, long seqNr, RunEntity.Event event) {
        deliverLocal(runId, source, seqNr, () -> StreamMessages.ofRun(runId, event), StreamMessages.isFinal(event));
    }

    /** A message an entity of another node published. */
    public void deliverRemote(String runId, String source, long seqNr, ObjectNode json, boolean finalMessage) {
        deliver(runId, () -> new LiveMessage(json, finalMessage, source, seqNr, false));
    }

    private void deliverLocal(
            String runId, String source, long seqNr, Supplier<ObjectNode> json, boolean finalMessage) {
        Outbox relay = outbox;
        if (relay != null) {
            ObjectNode rendered = json.get();
            relay.send(runId, source, seqNr, rendered, finalMessage);
            deliver(runId, () -> new LiveMessage(rendered, finalMessage, source, seqNr, true));
        } else {
            deliver(runId, () -> new LiveMessage(json.get(), finalMessage, source, seqNr, true));
        }
    }

    private void deliver(String runId, Supplier<LiveMessage> message) {
        List<Consumer<LiveMessage>> forRun = watchers.getOrDefault(runId, List.of());
        List<Consumer<LiveMessage>> forAll = watchers.getOrDefault(ALL_RUNS, List.of());
        if (forRun.isEmpty() && forAll.isEmpty()) {
            return;
        }
        LiveMessage m = message.get();
        deliverTo(forRun, m);
        deliverTo(forAll, m);
    }

    private static void deliverTo(List<Consumer<LiveMessage>> list, LiveMessage m) {
        for (Consumer<LiveMessage> w : list) {
            try {
                w.accept(m);
            } catch (RuntimeException e) {
                list.remove(w);
            }
        }
    }
}
