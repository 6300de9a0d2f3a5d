package svc.core.cron;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.function.BooleanSupplier;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.config.Json;
import svc.core.run.RunErrors;
import svc.core.run.RunService.Page;

/**
 * Cron jobs: create, list, read, delete, run now, history; and {@link #tick}, what the scheduler
 * singleton calls every 60 s.
 *
 * <p>Catch-up rule. A tick fires, per job, the latest slot at or before now that is later than
 * the job's last fired slot, once: the slot is claimed with a compare-and-set on
 * {@code cron_jobs.last_slot}, so two ticks (a restart, a failover with two singletons for a
 * moment) cannot both fire it. Older slots that passed while no scheduler ran are not run late,
 * one after another; each is written to the job's history as {@code skipped} (the first hundred,
 * and the count in the fired run's output), so none is skipped silently. A new job's first slot is
 * the first one after its creation.
 *
 * <p>Built-in jobs ({@link BuiltInJob}, registered by the platform at start) follow the same
 * rule, fire whatever the {@code cron_scheduler} flag says, and fire a claimed slot again when
 * its run never ended and its claim is older than {@link BuiltInJob#RERUN_AFTER}.
 */
public final class CronService {

    private static final Logger LOG = LoggerFactory.getLogger(CronService.class);
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9_.-]{0,127}");
    private static final int RECORDED_SKIPS = 100;

    /** Told about every run's end (metrics). */
    public interface Listener {
        void ran(String job, String status, double seconds);
    }

    private final CronRepository repository;
    private final CronTasks tasks;
    private final Executor jdbc;
    private final Executor ml;
    private final Clock clock;
    private volatile BooleanSupplier enabled = () -> true;
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    private final Map<String, BuiltInJob> builtIns = new ConcurrentHashMap<>();
    /** Built-in slots running on this node ({@code name@slot}), so a tick does not fire one again. */
    private final Set<String> inFlight = ConcurrentHashMap.newKeySet();

    CronService(CronRepository repository, CronTasks tasks, Executor jdbc, Executor ml, Clock clock) {
        this.repository = repository;
        this.tasks = tasks;
        this.jdbc = jdbc;
        this.ml = ml;
        this.clock = clock;
    }

    /** The {@code cron_scheduler} flag: while it answers false, ticks fire nothing. */
    public void gate(BooleanSupplier flag) {
        this.enabled = flag;
    }

    /** Adds a listener (each API server's metrics registry has one). */
    public void listen(Listener l) {
        listeners.add(l);
    }

    /**
     * Makes {@code job} a job of this platform (blocking JDBC: call while wiring): its row is
     * created (first slot: the first after now) or brought to the job's schedule, keeping the
     * last fired slot, and this node runs its task when the scheduler fires it.
     */
    public void register(BuiltInJob job) {
        CronSchedule.parse(job.schedule(), job.timezone());
        Instant now = clock.instant();
        CronJob row = new CronJob(
                job.name(),
                job.schedule(),
                job.timezone(),
                job.kind(),
                Json.write(Json.object()),
                "svc",
                now,
                now,
                null);
        if (!repository.insert(row)) {
            repository.reschedule(job.name(), job.schedule(), job.timezone(), job.kind());
        }
        builtIns.put(job.name(), job);
    }

    /** Removes a built-in job's row (its history stays), for a platform started with the job off. */
    public void unregister(String name) {
        builtIns.remove(name);
        repository.delete(name);
    }

    public CompletionStage<CronJob> create(
            String name, String schedule, String timezone, String kind, JsonNode params, String by) {
        return CompletableFuture.supplyAsync(
                () -> {
                    List<String> problems = new ArrayList<>();
                    if (name == null || !NAME.matcher(name).matches()) {
                        problems.add("name: lower-case letters, digits, '_', '.', '-', 1 to 128, got '" + name + "'");
                    } else if (name.startsWith(BuiltInJob.RESERVED_PREFIX)) {
                        problems.add("name: names starting with '" + BuiltInJob.RESERVED_PREFIX
                                + "' are the platform's own jobs");
                    }
                    String zone = timezone == null || timezone.isBlank() ? "UTC" : timezone;
                    try {
                        CronSchedule.parse(schedule == null ? "" : schedule, zone);
                    } catch (IllegalArgumentException e) {
                        problems.add(e.getMessage());
                    }
                    if (kind == null || !CronTasks.KINDS.contains(kind)) {
                        problems.add("kind: must be one of " + CronTasks.KINDS);
                    }
                    if (params != null && !params.isObject()) {
                        problems.add("params: must be an object");
                    } else if (params != null) {
                        tasks.checkFiles(params, problems);
                    }
                    if (!problems.isEmpty()) {
                        throw new RunErrors.Invalid(problems);
                    }
                    Instant now = clock.instant();
                    CronJob job = new CronJob(
                            name,
                            schedule,
                            zone,
                            kind,
                            Json.write(params == null ? Json.object() : params),
                            by,
                            now,
                            now,
                            null);
                    if (!repository.insert(job)) {
                        throw new RunErrors.Conflict("a cron job named " + name + " exists");
                    }
                    return job;
                },
                jdbc);
    }

    public CompletionStage<List<CronJob>> list() {
        return CompletableFuture.supplyAsync(repository::all, jdbc);
    }

    public CompletionStage<CronJob> get(String name) {
        return CompletableFuture.supplyAsync(() -> found(name), jdbc);
    }

    public CompletionStage<CronJob> delete(String name) {
        return CompletableFuture.supplyAsync(
                () -> {
                    CronJob job = found(name);
                    if (builtIns.containsKey(name) || name.startsWith(BuiltInJob.RESERVED_PREFIX)) {
                        throw new RunErrors.Conflict(
                                name + " is built in; the platform's settings turn it off, not the API");
                    }
                    repository.delete(name);
                    return job;
                },
                jdbc);
    }

    public CompletionStage<Page<CronRun>> runs(String name, int limit, int offset) {
        return CompletableFuture.supplyAsync(
                () -> {
                    found(name);
                    return new Page<>(repository.runs(name, limit, offset), repository.countRuns(name), limit, offset);
                },
                jdbc);
    }

    /** Runs the job now, outside its schedule; answers when it has ended. */
    public CompletionStage<CronRun> runNow(String name) {
        return CompletableFuture.supplyAsync(() -> found(name), jdbc)
                .thenComposeAsync(job -> fire(job, null, "manual", "", clock.instant()), jdbc);
    }

    /**
     * Fires every job's due slot (see the catch-up rule); the stage completes when the fired
     * runs have ended and are recorded, with them.
     */
    public CompletionStage<List<CronRun>> tick(Instant now) {
        return CompletableFuture.supplyAsync(() -> due(now), jdbc)
                .thenComposeAsync(
                        fired -> {
                            CompletableFuture<?>[] all = fired.toArray(CompletableFuture[]::new);
                            return CompletableFuture.allOf(all)
                                    .thenApply(v -> fired.stream()
                                            .map(f -> (CronRun) f.join())
                                            .toList());
                        },
                        jdbc);
    }

    /** Claims each job's due slot and starts it; answers the runs under way. */
    private List<CompletableFuture<CronRun>> due(Instant now) {
        List<CompletableFuture<CronRun>> fired = new ArrayList<>();
        boolean userJobs = enabled.getAsBoolean();
        for (CronJob job : repository.all()) {
            boolean builtIn = builtIns.containsKey(job.name());
            if (!builtIn && !userJobs) {
                continue;
            }
            try {
                CronSchedule schedule = CronSchedule.parse(job.schedule(), job.timezone());
                Instant latest = null;
                List<Instant> passed = new ArrayList<>();
                long missed = 0;
                for (Instant slot : schedule.slotsBetween(job.lastSlot(), now, Integer.MAX_VALUE)) {
                    if (latest != null) {
                        missed++;
                        if (passed.size() < RECORDED_SKIPS) {
                            passed.add(latest);
                        }
                    }
                    latest = slot;
                }
                if (latest == null && builtIn && reclaimedUnfinished(job, now)) {
                    fired.add(fire(job, job.lastSlot(), "schedule", "the run of this slot never ended; run again", now)
                            .toCompletableFuture());
                    continue;
                }
                if (latest == null || !repository.claim(job.name(), job.lastSlot(), latest, now)) {
                    continue;
                }
                for (Instant slot : passed) {
                    repository.record(new CronRun(
                            0, job.name(), slot, "schedule", "skipped", now, 0, "no scheduler ran at this slot"));
                }
                String note = missed == 0
                        ? ""
                        : missed + " earlier slot(s) passed while no scheduler ran; only the latest fires";
                fired.add(fire(job, latest, "schedule", note, now).toCompletableFuture());
            } catch (RuntimeException e) {
                LOG.error("cron job {} could not be scheduled: {}", job.name(), e.getMessage());
            }
        }
        return fired;
    }

    /**
     * A built-in job's claimed slot (not its creation time) that is not running here, was claimed
     * more than {@link BuiltInJob#RERUN_AFTER} ago and has no ended run: the node that claimed it
     * stopped before the run ended. Claimed again (compare-and-set on the claim time), so one
     * ticker runs it.
     */
    private boolean reclaimedUnfinished(CronJob job, Instant now) {
        return job.lastSlot().isAfter(job.createdAt())
                && !inFlight.contains(job.name() + "@" + job.lastSlot())
                && (job.claimedAt() == null
                        || job.claimedAt().plus(BuiltInJob.RERUN_AFTER).isBefore(now))
                && !repository.ended(job.name(), job.lastSlot())
                && repository.reclaim(job.name(), job.lastSlot(), job.claimedAt(), now);
    }

    private CompletionStage<CronRun> fire(CronJob job, Instant slot, String trigger, String note, Instant now) {
        Instant started = clock.instant();
        long t0 = System.nanoTime();
        BuiltInJob builtIn = builtIns.get(job.name());
        String key = job.name() + "@" + slot;
        if (builtIn != null && slot != null) {
            inFlight.add(key);
        }
        return CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                return new String[] {
                                    "succeeded",
                                    builtIn != null ? builtIn.task().run(now) : tasks.run(job)
                                };
                            } catch (Exception e) {
                                return new String[] {
                                    "failed",
                                    e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()
                                };
                            }
                        },
                        ml)
                .thenApplyAsync(
                        outcome -> {
                            long ms = (System.nanoTime() - t0) / 1_000_000;
                            String output = note.isEmpty() ? outcome[1] : note + "\n" + outcome[1];
                            CronRun run = new CronRun(0, job.name(), slot, trigger, outcome[0], started, ms, output);
                            repository.record(run);
                            inFlight.remove(key);
                            listeners.forEach(l -> l.ran(job.name(), outcome[0], ms / 1000.0));
                            if (output.contains("\"alert\":true")) {
                                LOG.warn("drift alert from cron job {}: {}", job.name(), outcome[1]);
                            }
                            return run;
                        },
                        jdbc);
    }

    private CronJob found(String name) {
        return repository.find(name).orElseThrow(() -> new RunErrors.NotFound("no cron job " + name));
    }
}
