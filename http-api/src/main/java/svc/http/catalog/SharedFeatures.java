package svc.http.catalog;

import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.pekko.actor.Cancellable;
import org.apache.pekko.actor.typed.ActorSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.config.features.FeatureRegistry;
import svc.config.features.FeatureState;
import svc.persistence.features.FeatureOverrideRepository;

/**
 * Feature-flag overrides that every node shares and a restart keeps: a change through the API is
 * written to {@code feature_overrides} and applied here; every node reads the table at start and
 * again every {@code refresh} (so a change made on one node is in force on the others within that
 * time). A read that started before a change made on this node is not applied (it would undo the
 * change until the next read).
 */
public final class SharedFeatures {

    private static final Logger LOG = LoggerFactory.getLogger(SharedFeatures.class);

    private final FeatureRegistry registry;
    private final FeatureOverrideRepository table;
    private final Executor blocking;
    private final Clock clock;
    /** Changes made through this node; a read is applied only if none happened while it ran. */
    private final AtomicLong changes = new AtomicLong();

    public SharedFeatures(FeatureRegistry registry, FeatureOverrideRepository table, Executor blocking, Clock clock) {
        this.registry = registry;
        this.table = table;
        this.blocking = blocking;
        this.clock = clock;
    }

    public FeatureRegistry registry() {
        return registry;
    }

    /** Overrides a flag everywhere; fails like {@link FeatureRegistry#set} for an unknown or INVARIANT one. */
    public CompletionStage<FeatureState> set(String name, boolean enabled) {
        // Checked here first, so a refused change never reaches the table.
        String flag = registry.get(name).name();
        synchronized (this) {
            registry.set(flag, enabled);
            changes.incrementAndGet();
        }
        return CompletableFuture.supplyAsync(
                () -> {
                    try {
                        table.put(flag, enabled, clock.instant());
                    } catch (SQLException e) {
                        throw new CompletionException(e);
                    }
                    return registry.get(flag);
                },
                blocking);
    }

    /** Removes a flag's override everywhere. */
    public CompletionStage<FeatureState> reset(String name) {
        String flag = registry.get(name).name();
        synchronized (this) {
            registry.reset(flag);
            changes.incrementAndGet();
        }
        return CompletableFuture.supplyAsync(
                () -> {
                    try {
                        table.remove(flag);
                    } catch (SQLException e) {
                        throw new CompletionException(e);
                    }
                    return registry.get(flag);
                },
                blocking);
    }

    /** Reads the table once now (blocking), then every {@code refresh} until the returned handle is closed. */
    public AutoCloseable follow(ActorSystem<?> system, Duration refresh) {
        refresh();
        Cancellable poll = system.scheduler()
                .scheduleWithFixedDelay(
                        refresh,
                        refresh,
                        () -> CompletableFuture.runAsync(this::refresh, blocking),
                        system.executionContext());
        return poll::cancel;
    }

    /** Applies the table's overrides unless this node changed a flag meanwhile. */
    void refresh() {
        long before = changes.get();
        try {
            var overrides = table.all();
            synchronized (this) {
                if (changes.get() == before) {
                    registry.replaceRuntimeOverrides(overrides);
                }
            }
        } catch (SQLException e) {
            LOG.warn("could not read the feature overrides: {}", e.getMessage());
        }
    }
}
