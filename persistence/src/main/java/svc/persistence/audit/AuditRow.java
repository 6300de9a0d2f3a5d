package svc.persistence.audit;

import java.time.Instant;

/**
 * One admin action.
 *
 * @param action the endpoint class, e.g. {@code users.update}
 * @param target the request path it acted on
 * @param status the HTTP status it was answered with
 * @param detail what changed, as JSON, with secrets removed; may be null
 */
public record AuditRow(
        long id,
        Instant at,
        String actor,
        String action,
        String method,
        String target,
        int status,
        String detail,
        String correlationId) {}
