package svc.core.cron;

import java.time.Instant;

/**
 * A cron job as stored.
 *
 * @param kind {@code retrain}, {@code drift_check}, {@code audit_pdf} or {@code custom}
 * @param params the kind's parameters, a JSON object as text
 * @param lastSlot the last schedule slot fired (at creation: the creation time, so no slot
 *     before it fires)
 * @param claimedAt when that slot was claimed (the claiming tick's time); null before the first
 */
public record CronJob(
        String name,
        String schedule,
        String timezone,
        String kind,
        String params,
        String createdBy,
        Instant createdAt,
        Instant lastSlot,
        Instant claimedAt) {}
