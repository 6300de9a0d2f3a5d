package svc.http.catalog;

import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
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
 * time). A read that overlaps a change made on this node (its application or its write) is not
 * applied: it could hold the row as it was before, and undo the change until the next read.
 */
public final class SharedFeatures {

    private static final Logger LOG = LoggerFactory.getLogger(SharedFeatures.class);

    private final FeatureRegistry registry;
    private final FeatureOverrideRepository table;
    private final Executor blocking;
    private final Clock clock;
    /**
     * Changes made through this node (counted when applied and when written); a read is applied
     * only if none happened while it ran and none is still being written.
     */
    private final AtomicLong changes = new AtomicLong();

    private final AtomicInteger writing = new AtomicInteger();

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
            begin();
        }
        return write(flag, () -> table.put(flag, enabled, clock.instant()));
    }

    /** Removes a flag's override everywhere. */
    public CompletionStage<FeatureState> reset(String name) {
        String flag = registry.get(name).name();
        synchronized (this) {
            registry.reset(flag);
            begin();
        }
        return write(flag, () -> table.remove(flag));
    }

    /** A change of this node is applied; until its row is written, no read of the table is applied. */
    private void begin() {
        changes.incrementAndGet();
        writing.incrementAndGet();
    }

    private CompletionStage<FeatureState> write(String flag, TableWrite write) {
        return CompletableFuture.supplyAsync(
                () -> {
                    try {
                        write.run();
                    } catch (SQLException e) {
                        throw new CompletionException(e);
                    } finally {
                        synchronized (this) {
                            writing.decrementAndGet();
                            changes.incrementAndGet();
                        }
                    }
                    return registry.get(flag);
                },
                blocking);
    }

    @FunctionalInterface
    private interface TableWrite {
        void run() throws SQLException;
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
                if (changes.get() == before && writing.get() == 0) {
                    registry.replaceRuntimeOverrides(overrides);
                }
            }
        } catch (SQLException e) {
            LOG.warn("could not read the feature overrides: {}", e.getMessage());
        }
    }
}
