package svc.core.deploy;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

/**
 * The routes of each model name this node serves, so a prediction does not ask the name's entity.
 * An entry is dropped when the name's deployments change (the entity's messages on
 * {@link DeploymentEvents}) and refreshed in the background once older than the TTL, the answer
 * still coming from the current entry meanwhile: a change made through another node is seen here
 * within the TTL. A failed load is not kept.
 */
final class RouteTable {

    private record Entry(CompletableFuture<Routes> routes, long loadedNanos, AtomicBoolean refreshing) {}

    private final Map<String, Entry> entries = new ConcurrentHashMap<>();
    private final Function<String, CompletionStage<DeploymentView>> load;
    private final long ttlNanos;
    private final Executor callbacks;

    RouteTable(Function<String, CompletionStage<DeploymentView>> load, long ttlNanos, Executor callbacks) {
        this.load = load;
        this.ttlNanos = ttlNanos;
        this.callbacks = callbacks;
    }

    CompletableFuture<Routes> get(String model) {
        Entry e = entries.computeIfAbsent(model, this::fetch);
        if (e.routes().isDone()
                && System.nanoTime() - e.loadedNanos() > ttlNanos
                && e.refreshing().compareAndSet(false, true)) {
            Entry fresh = fetch(model);
            fresh.routes()
                    .whenCompleteAsync(
                            (r, failure) -> {
                                if (failure == null) {
                                    entries.replace(model, e, fresh);
                                } else {
                                    entries.remove(model, e);
                                }
                            },
                            callbacks);
        }
        return e.routes();
    }

    void invalidate(String model) {
        entries.remove(model);
    }

    private Entry fetch(String model) {
        CompletableFuture<Routes> routes =
                load.apply(model).thenApplyAsync(Routes::of, callbacks).toCompletableFuture();
        Entry e = new Entry(routes, System.nanoTime(), new AtomicBoolean());
        routes.whenCompleteAsync(
                (r, failure) -> {
                    if (failure != null) {
                        entries.remove(model, e);
                    }
                },
                callbacks);
        return e;
    }
}
