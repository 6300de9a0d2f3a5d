package svc.http.batch;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.pekko.NotUsed;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.japi.Pair;
import org.apache.pekko.stream.BoundedSourceQueue;
import org.apache.pekko.stream.javadsl.Source;
import svc.config.Json;
import svc.core.batch.BatchFeed;
import svc.core.batch.BatchView;

/**
 * One client's view of a batch: its status now, then each record's completion, each checkpoint
 * and the final state, after which the socket closes. News is offered to a bounded queue from the
 * publisher's thread and never waits: a client that falls behind misses record messages (the
 * next checkpoint carries the totals), never slows the batch.
 */
final class BatchRelay implements BatchFeed.Listener {

    private final BoundedSourceQueue<String> queue;
    private final Source<String, NotUsed> source;
    private BatchFeed.Subscription subscription;
    private boolean finished;

    BatchRelay(int bound, ActorSystem<?> system) {
        Pair<BoundedSourceQueue<String>, Source<String, NotUsed>> live =
                Source.<String>queue(bound).preMaterialize(system);
        this.queue = live.first();
        this.source = live.second().watchTermination((mat, done) -> {
            done.whenComplete((ok, failure) -> close());
            return mat;
        });
    }

    /** Subscribes, then sends the status; a batch already over gets its status and the end. */
    synchronized Source<String, NotUsed> start(BatchFeed feed, BatchView now) {
        subscription = feed.subscribe(now.batchId(), this);
        queue.offer(Json.write(message("status", now)));
        if (!now.state().equals(BatchView.RUNNING)) {
            end();
        }
        return source;
    }

    @Override
    public synchronized void record(String batchId, String runId, long index, boolean ok) {
        if (!finished) {
            queue.offer(Json.write(Json.object()
                    .put("type", "record")
                    .put("batch_id", batchId)
                    .put("index", index)
                    .put("ok", ok)));
        }
    }

    @Override
    public synchronized void checkpoint(BatchView batch) {
        if (!finished) {
            queue.offer(Json.write(message("checkpoint", batch)));
        }
    }

    @Override
    public synchronized void finished(BatchView batch) {
        if (!finished) {
            queue.offer(Json.write(message("state", batch)));
            end();
        }
    }

    private static ObjectNode message(String type, BatchView b) {
        ObjectNode m = Json.object()
                .put("type", type)
                .put("batch_id", b.batchId())
                .put("state", b.state())
                .put("total", b.total())
                .put("processed", b.processed())
                .put("errors", b.errors());
        if (b.failure() != null) {
            m.put("failure", b.failure());
        }
        return m;
    }

    private void end() {
        finished = true;
        queue.complete();
        close();
    }

    private synchronized void close() {
        if (subscription != null) {
            subscription.close();
            subscription = null;
        }
    }
}
