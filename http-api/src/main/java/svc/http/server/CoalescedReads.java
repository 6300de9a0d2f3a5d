package svc.http.server;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * Requests for the same read that arrive while it runs share the next one: under load (many
 * clients polling the run list) the database is read once per batch of requests instead of once
 * per request, and each answer is still as fresh as a read of its own, because a request is only
 * ever served by a read that started after it arrived. With no read of that key running, a
 * request's read starts at once, so a lone request waits for nothing.
 *
 * <p>Per node: each server reads the shared database itself; nothing here is shared between
 * nodes or kept after a read.
 */
public final class CoalescedReads<K, V> {

    /** The reads of one key: whether one runs, and who waits for the next. */
    private static final class Line<V> {
        boolean running;
        List<CompletableFuture<V>> next = new ArrayList<>();
    }

    private final Map<K, Line<V>> lines = new HashMap<>();

    /**
     * The value of a read started after this call: {@code read} now when none of {@code key} runs,
     * else once the running one ends, for everyone who asked meanwhile.
     */
    public CompletionStage<V> get(K key, Supplier<CompletionStage<V>> read) {
        CompletableFuture<V> answer = new CompletableFuture<>();
        boolean start;
        synchronized (lines) {
            Line<V> line = lines.computeIfAbsent(key, k -> new Line<>());
            line.next.add(answer);
            start = !line.running;
            line.running = true;
        }
        if (start) {
            run(key, read);
        }
        return answer;
    }

    private void run(K key, Supplier<CompletionStage<V>> read) {
        List<CompletableFuture<V>> served;
        synchronized (lines) {
            Line<V> line = lines.get(key);
            served = line.next;
            line.next = new ArrayList<>();
        }
        CompletionStage<V> value;
        try {
            value = read.get();
        } catch (RuntimeException e) {
            value = CompletableFuture.failedFuture(e);
        }
        value.whenComplete((v, failure) -> {
            // The next batch starts before this one is answered, so its read overlaps the answers.
            boolean again;
            synchronized (lines) {
                Line<V> line = lines.get(key);
                again = !line.next.isEmpty();
                if (!again) {
                    line.running = false;
                    lines.remove(key);
                }
            }
            if (again) {
                run(key, read);
            }
            for (CompletableFuture<V> f : served) {
                if (failure == null) {
                    f.complete(v);
                } else {
                    f.completeExceptionally(failure);
                }
            }
        });
    }

    int keys() {
        synchronized (lines) {
            return lines.size();
        }
    }
}
