package svc.core.cron;

import java.time.Instant;

/**
 * One firing of a job, or a slot the catch-up rule passed over.
 *
 * @param slot the schedule slot (null for a manual run)
 * @param trigger {@code schedule} or {@code manual}
 * @param status {@code succeeded}, {@code failed} or {@code skipped}
 */
public record CronRun(
        long id,
        String name,
        Instant slot,
        String trigger,
        String status,
        Instant startedAt,
        long durationMs,
        String output) {}
