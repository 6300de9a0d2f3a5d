package svc.persistence.notifications;

import java.time.Instant;

/**
 * One delivery owed to one channel for one run event, as the outbox keeps it.
 *
 * @param deliveryId stable id (the same for every attempt), sent to the receiver to drop duplicates
 * @param eventSeq the run event's sequence number in the run's journal
 * @param eventKind {@code gate_created}, {@code gate_escalated}, {@code gate_expired} or {@code budget_paused}
 * @param gateId null for a budget pause
 * @param channel as written: {@code webhook:<url>} or {@code email:<address>}
 * @param payload the event's facts as JSON, fixed when the row was written
 * @param state {@code pending}, {@code retrying}, {@code delivered} or {@code failed}
 * @param lastStatus the last answer: {@code HTTP 500}, {@code SMTP 250 ...}; null if none came
 */
public record NotificationRow(
        String deliveryId,
        String runId,
        long eventSeq,
        String eventKind,
        String gateId,
        String channel,
        String payload,
        String state,
        int attempts,
        Instant createdAt,
        Instant nextAttemptAt,
        Instant lastAttemptAt,
        Instant deliveredAt,
        String lastStatus,
        String lastError) {

    public static final String PENDING = "pending";
    public static final String RETRYING = "retrying";
    public static final String DELIVERED = "delivered";
    public static final String FAILED = "failed";

    /** A new row, due at once. */
    public static NotificationRow owed(
            String deliveryId,
            String runId,
            long eventSeq,
            String eventKind,
            String gateId,
            String channel,
            String payload,
            Instant now) {
        return new NotificationRow(
                deliveryId,
                runId,
                eventSeq,
                eventKind,
                gateId,
                channel,
                payload,
                PENDING,
                0,
                now,
                now,
                null,
                null,
                null,
                null);
    }
}
