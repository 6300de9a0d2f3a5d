package svc.http.stream;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.apache.pekko.NotUsed;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.japi.Pair;
import org.apache.pekko.stream.BoundedSourceQueue;
import org.apache.pekko.stream.QueueOfferResult;
import org.apache.pekko.stream.javadsl.Source;
import svc.config.Json;
import svc.core.stream.LiveEventHub;
import svc.core.stream.RunHistory;

/**
 * One client's view of a run: the replayed history, then the live messages that are not already
 * in it, ending after the run's final message. A live message is already in the history when its
 * source's journal sequence number is at or below the last one replayed from that source (the
 * live feed is subscribed before the journal is read, so nothing falls between the two). A live
 * message after a gap in its source's numbers waits while the gap is read back from the journal
 * (a node killed just after writing an event may never have relayed it). Live messages are
 * offered to a bounded queue from the publishing entity's thread and never wait: when the client
 * falls {@code bound} messages behind, the relay gives up on it (a final {@code dropped} message,
 * then the socket closes), so a slow client never slows the run.
 *
 * <p>Life cycle: created subscribed (live messages are held while the history loads), then
 * {@link #start} with the history gives the source to serve.
 */
final class LiveRelay {

    /** The client fell too far behind. */
    static final class SlowClient extends RuntimeException {
        private static final long serialVersionUID = 1L;

        SlowClient(String message) {
            super(message, null, false, false);
        }
    }

    /** The last message a client that fell too far behind gets. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Dropped(String type, String runId, String reason) {}

    /**
     * Reads one source's messages {@code from..to} (journal sequence numbers, inclusive) back from
     * the journal, for a gap in the live feed.
     */
    @FunctionalInterface
    interface Filler {
        CompletionStage<List<LiveEventHub.LiveMessage>> read(String source, long from, long to);

        /** Finds nothing: a gap is passed over. */
        Filler NONE = (source, from, to) -> CompletableFuture.completedFuture(List.of());
    }

    private final String runId;
    private final int bound;
    private final Filler filler;
    private final Executor callbacks;
    private final List<LiveEventHub.LiveMessage> held = new ArrayList<>();
    /** Per source, the journal sequence number the client is to get next. */
    private final Map<String, Long> next = new HashMap<>();
    /** Per source, live messages that arrived after a gap, waiting for the gap to be read back. */
    private final Map<String, TreeMap<Long, LiveEventHub.LiveMessage>> waiting = new HashMap<>();
    /** The run's final message, held while a gap is being read back. */
    private LiveEventHub.LiveMessage finalHeld;

    private BoundedSourceQueue<String> queue;
    private boolean finished;
    private LiveEventHub.Subscription subscription;

    LiveRelay(String runId, int bound) {
        this(runId, bound, Filler.NONE, Runnable::run);
    }

    /**
     * {@code filler} reads back what the live feed skipped: a message an entity published just
     * before its node was killed may never have reached this node, but it is in the journal.
     */
    LiveRelay(String runId, int bound, Filler filler, Executor callbacks) {
        this.runId = runId;
        this.bound = bound;
        this.filler = filler;
        this.callbacks = callbacks;
    }

    void subscribe(LiveEventHub hub) {
        subscription = hub.subscribe(runId, this::onLive);
    }

    /** The source to serve: history first, then live; completes after the final message. */
    synchronized Source<String, NotUsed> start(List<RunHistory.Replayed> history, ActorSystem<?> system) {
        List<String> replay = history.stream().map(r -> Json.write(r.json())).toList();
        Source<String, NotUsed> dropped = Source.single(Json.write(new Dropped(
                "dropped",
                runId,
                "the client fell more than " + bound + " messages behind; reconnect to replay from the start")));
        if (finished) {
            close();
            return Source.from(replay).concat(dropped);
        }
        boolean over = history.stream().anyMatch(RunHistory.Replayed::finalMessage);
        if (over) {
            finished = true;
            close();
            return Source.from(replay);
        }
        history.forEach(r -> next.merge(r.source(), r.seqNr() + 1, Math::max));
        Pair<BoundedSourceQueue<String>, Source<String, NotUsed>> live =
                Source.<String>queue(bound).preMaterialize(system);
        queue = live.first();
        List<LiveEventHub.LiveMessage> early = List.copyOf(held);
        held.clear();
        early.forEach(this::offer);
        return Source.from(replay)
                .concat(live.second())
                .recoverWithRetries(1, SlowClient.class, () -> dropped)
                .watchTermination((mat, done) -> {
                    done.whenComplete((ok, failure) -> close());
                    return mat;
                });
    }

    synchronized void onLive(LiveEventHub.LiveMessage message) {
        if (finished) {
            return;
        }
        if (queue == null) {
            if (held.size() >= bound) {
                // The history has not loaded yet and the run is racing ahead: the client cannot keep up.
                finished = true;
                return;
            }
            held.add(message);
            return;
        }
        offer(message);
    }

    /**
     * Called with the lock held. A message already replayed or sent is dropped; the next one of its
     * source is sent; one after a gap waits while the gap is read back from the journal.
     */
    private void offer(LiveEventHub.LiveMessage message) {
        if (finished) {
            return;
        }
        if (message.finalMessage() && !waiting.isEmpty()) {
            // The stream ends with the final message: what a gap held back goes first.
            finalHeld = message;
            return;
        }
        if (message.seqNr() <= 0) {
            send(message);
            return;
        }
        String source = message.source();
        long expected = next.getOrDefault(source, 1L);
        if (message.seqNr() < expected) {
            return;
        }
        if (message.seqNr() > expected || waiting.containsKey(source)) {
            boolean reading = waiting.containsKey(source);
            waiting.computeIfAbsent(source, k -> new TreeMap<>()).put(message.seqNr(), message);
            if (!reading) {
                filler.read(source, expected, message.seqNr() - 1)
                        .whenCompleteAsync((found, failure) -> filled(source, found), callbacks);
            }
            return;
        }
        next.put(source, expected + 1);
        send(message);
    }

    /** The gap of {@code source} was read back: what was found, then what waited, in order. */
    private synchronized void filled(String source, List<LiveEventHub.LiveMessage> found) {
        TreeMap<Long, LiveEventHub.LiveMessage> after = waiting.remove(source);
        if (finished || after == null) {
            return;
        }
        TreeMap<Long, LiveEventHub.LiveMessage> all = new TreeMap<>(after);
        if (found != null) {
            found.forEach(m -> all.putIfAbsent(m.seqNr(), m));
        }
        for (LiveEventHub.LiveMessage m : all.values()) {
            // What the journal did not have either is passed over rather than waited for.
            if (m.seqNr() >= next.getOrDefault(source, 1L)) {
                next.put(source, m.seqNr() + 1);
                send(m);
            }
        }
        if (waiting.isEmpty() && finalHeld != null) {
            LiveEventHub.LiveMessage last = finalHeld;
            finalHeld = null;
            offer(last);
        }
    }

    /** Called with the lock held. */
    private void send(LiveEventHub.LiveMessage message) {
        if (finished) {
            return;
        }
        QueueOfferResult result = queue.offer(Json.write(message.json()));
        if (!(result instanceof QueueOfferResult.Enqueued$)) {
            finished = true;
            queue.fail(new SlowClient("client too slow"));
            close();
            return;
        }
        if (message.finalMessage()) {
            finished = true;
            queue.complete();
            close();
        }
    }

    private void close() {
        if (subscription != null) {
            subscription.close();
        }
    }
}
