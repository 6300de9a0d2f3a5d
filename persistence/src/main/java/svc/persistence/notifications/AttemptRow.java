package svc.persistence.notifications;

import java.time.Instant;

/**
 * One attempt at a delivery.
 *
 * @param outcome {@code delivered}, {@code retry} (failed, tried again later) or {@code failed} (given up)
 * @param status the HTTP status or SMTP reply, null when no answer came (refused, timed out)
 * @param error why it did not succeed; null when delivered
 */
public record AttemptRow(String deliveryId, int attempt, Instant at, String outcome, String status, String error) {}
