package svc.core.deploy;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.persistence.inference.PredictionRepository;
import svc.persistence.inference.PredictionRepository.ServedRow;
import svc.persistence.inference.PredictionRepository.ShadowRow;

/**
 * Served and shadow answers on their way to the database, written in batches off the request's
 * path: a request only queues its row. At most {@code bound} rows wait; past that a row is dropped
 * and counted ({@code dropped("log")}), so a slow database never slows predictions or fills the
 * heap. {@link #flush} writes what waits now (feedback calls it before it looks its answer up).
 */
final class PredictionLog {

    private static final Logger LOG = LoggerFactory.getLogger(PredictionLog.class);
    private static final int BATCH = 500;

    private final PredictionRepository repository;
    private final Executor jdbc;
    private final int bound;
    private final Supplier<InferenceListener> listener;
    private final Queue<ServedRow> served = new ConcurrentLinkedQueue<>();
    private final Queue<ShadowRow> shadows = new ConcurrentLinkedQueue<>();
    private final AtomicInteger waiting = new AtomicInteger();

    PredictionLog(PredictionRepository repository, Executor jdbc, int bound, Supplier<InferenceListener> listener) {
        this.repository = repository;
        this.jdbc = jdbc;
        this.bound = bound;
        this.listener = listener;
    }

    void served(ServedRow row) {
        if (admit()) {
            served.add(row);
        }
    }

    void shadow(ShadowRow row) {
        if (admit()) {
            shadows.add(row);
        }
    }

    private boolean admit() {
        if (waiting.incrementAndGet() > bound) {
            waiting.decrementAndGet();
            listener.get().dropped("log");
            return false;
        }
        return true;
    }

    boolean idle() {
        return waiting.get() == 0;
    }

    /** Writes everything queued before this call, on the JDBC dispatcher. */
    CompletionStage<Void> flush() {
        return CompletableFuture.runAsync(this::drain, jdbc);
    }

    /** One writer at a time, so rows reach the tables in the order they were queued. */
    synchronized void drain() {
        while (!served.isEmpty() || !shadows.isEmpty()) {
            List<ServedRow> s = take(served);
            List<ShadowRow> h = take(shadows);
            try {
                repository.insertServed(s);
                repository.insertShadow(h);
            } catch (SQLException e) {
                LOG.warn("could not store {} served and {} shadow answers: {}", s.size(), h.size(), e.getMessage());
                for (int i = 0; i < s.size() + h.size(); i++) {
                    listener.get().dropped("log");
                }
            } finally {
                waiting.addAndGet(-(s.size() + h.size()));
            }
        }
    }

    private static <T> List<T> take(Queue<T> queue) {
        List<T> out = new ArrayList<>(Math.min(BATCH, 64));
        T next;
        while (out.size() < BATCH && (next = queue.poll()) != null) {
            out.add(next);
        }
        return out;
    }
}
