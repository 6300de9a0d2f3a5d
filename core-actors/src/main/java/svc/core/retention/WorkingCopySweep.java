package svc.core.retention;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.apache.pekko.actor.Cancellable;
import org.apache.pekko.actor.typed.ActorSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.core.run.RunState;
import svc.persistence.Database;
import svc.persistence.store.WorkingCopy;

/**
 * Keeps this node's working copy to the runs that still need it: every run whose directory is on
 * this disk and whose read-side row says it is over (succeeded, failed, cancelled) loses its copy
 * ({@link WorkingCopy#evict}; a copy in use is left to the next pass), and sealed bytes left in the
 * spool by a put that never ended (a crash) go once they are an hour old. With at-rest encryption
 * on the working copy is where run files exist in clear, so this bounds how long they do; with S3
 * it keeps the cache from growing with every run the node ever touched.
 *
 * <p>How a node learns that a run is over: from the shared {@code runs} table, by a periodic pass
 * (and one at start, which removes a crash's leftovers). Several nodes share the database but each
 * has its own working copy, so each node sweeps its own disk; the table is the one record every
 * node reads the same (the live feed reaches only subscribers, and misses what ended while a node
 * was down), and one query per pass for the runs on this disk costs nothing next to the interval.
 * A run the read side has not listed yet (a brief stored before its row) is left alone.
 */
public final class WorkingCopySweep {

    private static final Logger LOG = LoggerFactory.getLogger(WorkingCopySweep.class);
    private static final List<String> FINISHED = Stream.of(RunState.values())
            .filter(RunState::isFinished)
            .map(RunState::wireName)
            .toList();
    /** Run ids per query: well under every database's bind-variable limit. */
    private static final int PER_QUERY = 200;
    /** A spool file this old belongs to no put in progress (sealing 1 MiB takes milliseconds). */
    static final Duration STALE_SPOOL = Duration.ofHours(1);

    private final Database database;
    private final WorkingCopy files;
    private final Path spool;
    private final Clock clock;
    private final AtomicBoolean running = new AtomicBoolean();

    public WorkingCopySweep(Database database, WorkingCopy files, Path spool, Clock clock) {
        this.database = database;
        this.files = files;
        this.spool = spool;
        this.clock = clock;
    }

    /**
     * Sweeps now, then every {@code interval} on {@code blocking}, until the answer is cancelled;
     * nothing is scheduled when the working copy is the store itself.
     */
    public static Cancellable start(
            ActorSystem<?> system, WorkingCopySweep sweep, Duration interval, Executor blocking) {
        if (sweep.files.direct()) {
            return new Cancellable() {
                @Override
                public boolean cancel() {
                    return true;
                }

                @Override
                public boolean isCancelled() {
                    return true;
                }
            };
        }
        return system.scheduler()
                .scheduleWithFixedDelay(
                        Duration.ZERO,
                        interval,
                        () -> {
                            // A pass runs on the blocking executor; a tick during a long pass starts none.
                            if (sweep.running.compareAndSet(false, true)) {
                                blocking.execute(sweep::sweepLogged);
                            }
                        },
                        system.executionContext());
    }

    private void sweepLogged() {
        try {
            List<String> removed = sweep();
            if (!removed.isEmpty()) {
                LOG.debug("working copy: removed the local copies of finished runs {}", removed);
            }
        } catch (RuntimeException e) {
            // The next pass tries again; the copies stay meanwhile.
            LOG.warn("working copy sweep failed: {}", e.toString());
        } finally {
            running.set(false);
        }
    }

    /** One pass; answers the runs whose copies were removed. Blocks (file and database I/O). */
    public List<String> sweep() {
        List<String> removed = new ArrayList<>();
        List<String> local = files.localRuns();
        for (int from = 0; from < local.size(); from += PER_QUERY) {
            for (String runId : finished(local.subList(from, Math.min(local.size(), from + PER_QUERY)))) {
                if (files.evict(runId)) {
                    removed.add(runId);
                }
            }
        }
        removeStaleSpool();
        return removed;
    }

    private List<String> finished(List<String> runIds) {
        if (runIds.isEmpty()) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        try (Connection c = database.connection();
                PreparedStatement ps = c.prepareStatement("SELECT run_id FROM runs WHERE state IN ("
                        + String.join(", ", Collections.nCopies(FINISHED.size(), "?")) + ") AND run_id IN ("
                        + String.join(", ", Collections.nCopies(runIds.size(), "?")) + ")")) {
            int i = 1;
            for (String s : FINISHED) {
                ps.setString(i++, s);
            }
            for (String id : runIds) {
                ps.setString(i++, id);
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the runs' states: " + e.getMessage(), e);
        }
        return out;
    }

    private void removeStaleSpool() {
        if (spool == null || !Files.isDirectory(spool)) {
            return;
        }
        Instant before = clock.instant().minus(STALE_SPOOL);
        try (Stream<Path> all = Files.list(spool)) {
            for (Path f : all.toList()) {
                if (Files.isRegularFile(f)
                        && Files.getLastModifiedTime(f).toInstant().isBefore(before)) {
                    Files.deleteIfExists(f);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot clean the spool " + spool, e);
        }
    }
}
