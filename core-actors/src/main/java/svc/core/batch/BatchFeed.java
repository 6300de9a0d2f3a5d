package svc.core.batch;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Live progress of batches inside one node: the entity publishes checkpoints and its end, the
 * worker each record's completion. Delivery happens on the publisher's thread, so a listener only
 * hands the news on (a bounded queue, a counter) and never blocks; a listener that throws is
 * dropped.
 */
public final class BatchFeed {

    /** Listeners of every batch (metrics). */
    public static final String ALL = "*";

    /** What a listener hears; every method defaults to nothing. */
    public interface Listener {
        /**
         * One record's line was written ({@code ok} false when it carries an error); {@code runId}
         * is the batch's run, or null.
         */
        default void record(String batchId, String runId, long index, boolean ok) {}

        /** A checkpoint reached the journal. */
        default void checkpoint(BatchView batch) {}

        /** The batch reached {@code succeeded}, {@code failed} or {@code cancelled}. */
        default void finished(BatchView batch) {}
    }

    /** A listener's handle; closing it stops delivery. */
    public interface Subscription extends AutoCloseable {
        @Override
        void close();
    }

    private final Map<String, List<Listener>> listeners = new ConcurrentHashMap<>();

    public Subscription subscribe(String batchId, Listener listener) {
        List<Listener> list = listeners.computeIfAbsent(batchId, k -> new CopyOnWriteArrayList<>());
        list.add(listener);
        return () -> list.remove(listener);
    }

    void record(String batchId, String runId, long index, boolean ok) {
        deliver(batchId, l -> l.record(batchId, runId, index, ok));
    }

    void checkpoint(BatchView batch) {
        deliver(batch.batchId(), l -> l.checkpoint(batch));
    }

    void finished(BatchView batch) {
        deliver(batch.batchId(), l -> l.finished(batch));
    }

    private void deliver(String batchId, Consumer<Listener> call) {
        for (String key : new String[] {batchId, ALL}) {
            List<Listener> list = listeners.get(key);
            if (list == null) {
                continue;
            }
            for (Listener l : list) {
                try {
                    call.accept(l);
                } catch (RuntimeException e) {
                    list.remove(l);
                }
            }
        }
    }
}
