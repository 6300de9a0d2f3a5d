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
 * Delivery happens on the publishing entity's thread, so a watcher must only hand the message
 * on (into a bounded queue), never block; a watcher that throws is dropped.
 */
public final class LiveEventHub {

    /** A watcher's handle; closing it stops delivery. */
    public interface Subscription extends AutoCloseable {
        @Override
        void close();
    }

    /** What a watcher receives: the stream message, and whether the run ended with it. */
    public record LiveMessage(ObjectNode json, boolean finalMessage) {}

    /** Watchers of every run (the demo's console, metrics). */
    public static final String ALL_RUNS = "*";

    private final Map<String, List<Consumer<LiveMessage>>> watchers = new ConcurrentHashMap<>();

    public Subscription subscribe(String runId, Consumer<LiveMessage> watcher) {
        List<Consumer<LiveMessage>> list = watchers.computeIfAbsent(runId, k -> new CopyOnWriteArrayList<>());
        list.add(watcher);
        return () -> {
            list.remove(watcher);
            watchers.computeIfPresent(runId, (k, v) -> v.isEmpty() ? null : v);
        };
    }

    /** The feed agents publish into. */
    public LiveFeed<AgentEntity.Event> agentFeed() {
        return this::agentEvent;
    }

    /** The feed runs publish into. */
    public LiveFeed<RunEntity.Event> runFeed() {
        return (runId, source, event) -> runEvent(runId, event);
    }

    public void agentEvent(String runId, String agent, AgentEntity.Event event) {
        deliver(runId, () -> new LiveMessage(StreamMessages.ofAgent(runId, agent, event), false));
    }

    public void runEvent(String runId, RunEntity.Event event) {
        deliver(runId, () -> new LiveMessage(StreamMessages.ofRun(runId, event), StreamMessages.isFinal(event)));
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
