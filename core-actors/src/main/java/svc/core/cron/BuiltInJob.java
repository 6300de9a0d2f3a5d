package svc.core.cron;

import java.time.Duration;
import java.time.Instant;

/**
 * A job the platform defines itself (the daily retention sweep). It is a row of
 * {@code cron_jobs} like any job, so the scheduler singleton fires each of its slots once across
 * the cluster (the same compare-and-set), and it shows in the lists and histories; but the API
 * cannot create, change or delete it, the {@code cron_scheduler} flag does not stop it, and a
 * slot it claimed whose run never ended (the node stopped mid-run) fires again once the claim is
 * {@link #RERUN_AFTER} old, so a restart skips no day of it. A claim younger than that may be a
 * run still going on another node (a failover), which must not run twice. Its task must be
 * idempotent all the same: a run longer than that would be run again beside itself.
 *
 * @param kind the kind shown for it ({@code retention}); no user job can have it
 * @param task what it does at a time: the slot's tick time, or now for a manual run
 */
public record BuiltInJob(String name, String kind, String schedule, String timezone, Task task) {

    /** The job's work, on the blocking dispatcher; answers its output (JSON text). */
    @FunctionalInterface
    public interface Task {
        String run(Instant now) throws Exception;
    }

    /** How old a claim of a slot with no ended run must be before the slot fires again. */
    public static final Duration RERUN_AFTER = Duration.ofHours(1);

    /** Names under this prefix are the platform's; a user job cannot take one. */
    public static final String RESERVED_PREFIX = "svc.";
}
