package svc.core.retention;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.config.Json;
import svc.core.run.PruneNote;
import svc.core.run.RunService;
import svc.core.run.RunState;
import svc.persistence.Database;
import svc.persistence.runs.RunRepository;
import svc.persistence.runs.RunRow;
import svc.persistence.store.WorkingCopy;

/**
 * The retention sweep: runs every {@link Pruner} in turn over the finished runs old enough for
 * the shortest period, logs each deletion to {@code retention_log.json} as it happens, tells the
 * listeners (the API's {@code svc_retention_pruned_total}) and answers a {@link SweepReport}.
 * The daily run is the built-in cron job {@code svc.retention} ({@link #daily}); an admin can run
 * one now, or a dry run that deletes nothing. One sweep at a time on a node; two nodes sweeping
 * at once (a failover) do no harm, since each deletion is idempotent.
 *
 * <p>Order: the agents' journals and the file kinds first, the run's own journal last, so the
 * run's snapshot (taken when its events are pruned) already holds the other notes.
 */
public final class RetentionSweep {

    /** The built-in cron job that sweeps once a day. */
    public static final String JOB = "svc.retention";
    /** Its kind, as cron lists it. */
    public static final String KIND = "retention";

    private static final Logger LOG = LoggerFactory.getLogger(RetentionSweep.class);
    private static final Duration NOTE_TIMEOUT = Duration.ofSeconds(30);
    private static final List<String> FINISHED = Stream.of(RunState.values())
            .filter(RunState::isFinished)
            .map(RunState::wireName)
            .toList();

    /** Told about every deletion as it happens (not in dry runs). */
    @FunctionalInterface
    public interface Listener {
        void pruned(Deletion deletion);
    }

    private final List<Pruner> pruners;
    private final RetentionPolicy policy;
    private final Database database;
    private final RunService runs;
    private final RetentionLog log;
    private final Executor blocking;
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    private final RunRepository runRows;

    RetentionSweep(
            List<Pruner> pruners,
            RetentionPolicy policy,
            Database database,
            RunService runs,
            RetentionLog log,
            Executor blocking) {
        this.pruners = List.copyOf(pruners);
        this.policy = policy;
        this.database = database;
        this.runRows = new RunRepository(database.columns());
        this.runs = runs;
        this.log = log;
        this.blocking = blocking;
    }

    /**
     * The standard sweep over a platform's data: agent events, conversations, audit PDFs, shadow
     * and served predictions, run events. The agents' journals go before the conversation files,
     * so that a conversation projection still catching up cannot write a file again after it was
     * deleted; the run's own journal goes last (see the class comment).
     */
    public static RetentionSweep standard(
            RetentionPolicy policy,
            Database database,
            RunService runs,
            Path home,
            WorkingCopy files,
            Executor blocking) {
        JournalRows journal = new JournalRows(database.dataSource());
        List<Pruner> pruners = List.of(
                new AgentEventsPruner(journal),
                new ConversationPruner(files),
                new AuditPdfPruner(files),
                new PredictionPruner(PredictionPruner.SHADOW, database.dataSource()),
                new PredictionPruner(PredictionPruner.SERVED, database.dataSource()),
                new RunEventsPruner(journal));
        return new RetentionSweep(pruners, policy, database, runs, new RetentionLog(home), blocking);
    }

    /** The artefact kinds this sweep prunes, in the order it prunes them. */
    public List<String> kinds() {
        return pruners.stream().map(Pruner::kind).toList();
    }

    public void listen(Listener listener) {
        listeners.add(listener);
    }

    public RetentionPolicy policy() {
        return policy;
    }

    /** The log file deletions are appended to. */
    public Path logFile() {
        return log.file();
    }

    /** A sweep at {@code now} on the blocking executor. */
    public CompletionStage<SweepReport> sweep(Instant now, boolean dryRun) {
        return CompletableFuture.supplyAsync(() -> sweepNow(now, dryRun), blocking);
    }

    /**
     * The daily job's work (blocking, on the cron executor): a sweep at {@code now}, answered as
     * the job's output, {@code {"pruned": {kind: count}, "failures": [...]}}. Failures do not fail
     * the job: they are retried by the next sweep and named in the output.
     */
    public String daily(Instant now) {
        SweepReport report = sweepNow(now, false);
        var out = Json.object();
        out.set("pruned", Json.MAPPER.valueToTree(report.totals()));
        out.set("failures", Json.MAPPER.valueToTree(report.failures()));
        return Json.write(out);
    }

    /** One sweep, blocking; sweeps on this node wait for each other. */
    public synchronized SweepReport sweepNow(Instant now, boolean dryRun) {
        List<Deletion> deletions = new ArrayList<>();
        PruneContext ctx = new PruneContext(
                now,
                dryRun,
                policy,
                finishedRuns(now),
                d -> {
                    if (!dryRun) {
                        log.append(now, d);
                        listeners.forEach(l -> l.pruned(d));
                    }
                    deletions.add(d);
                },
                this::note);
        for (Pruner pruner : pruners) {
            try {
                pruner.prune(ctx);
            } catch (Exception e) {
                ctx.failed(pruner.kind(), "(the whole kind)", e);
            }
        }
        SweepReport report = new SweepReport(now, dryRun, deletions, ctx.failures());
        report.failures().forEach(f -> LOG.error("retention could not prune {}", f));
        if (!dryRun && !deletions.isEmpty()) {
            LOG.info("retention pruned {} (log: {})", report.totals(), log.file());
        }
        return report;
    }

    private List<FinishedRun> finishedRuns(Instant now) {
        Instant before = now.minus(Duration.ofDays(policy.shortestDays()));
        try (Connection c = database.connection()) {
            List<FinishedRun> out = new ArrayList<>();
            for (RunRow r : runRows.changedBefore(c, FINISHED, before)) {
                out.add(new FinishedRun(r.runId(), r.profile(), r.state(), r.updatedAt()));
            }
            return out;
        } catch (SQLException e) {
            throw new IllegalStateException("retention could not list the finished runs: " + e.getMessage(), e);
        }
    }

    private void note(String runId, PruneNote note, boolean snapshot) throws Exception {
        runs.notePruned(runId, List.of(note), snapshot, note.at())
                .toCompletableFuture()
                .get(NOTE_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    }
}
