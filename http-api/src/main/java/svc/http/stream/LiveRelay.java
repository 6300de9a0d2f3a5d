package svc.http.stream;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
 * live feed is subscribed before the journal is read, so nothing falls between the two). Live
 * messages are offered to a bounded queue from the publishing entity's thread and never wait: when the client falls {@code bound} messages
 * behind, the relay gives up on it (a final {@code dropped} message, then the socket closes), so
 * a slow client never slows the run.
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

    private final String runId;
    private final int bound;
    private final List<LiveEventHub.LiveMessage> held = new ArrayList<>();
    /** The last journal sequence number replayed per source. */
    private Map<String, Long> replayed;

    private BoundedSourceQueue<String> queue;
    private boolean finished;
    private LiveEventHub.Subscription subscription;

    LiveRelay(String runId, int bound) {
        this.runId = runId;
        this.bound = bound;
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
        replayed = new HashMap<>();
        history.forEach(r -> replayed.merge(r.source(), r.seqNr(), Math::max));
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

    /** Called with the lock held. */
    private void offer(LiveEventHub.LiveMessage message) {
        if (finished) {
            return;
        }
        if (message.seqNr() > 0 && message.seqNr() <= replayed.getOrDefault(message.source(), 0L)) {
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
