package svc.core.notify;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Instant;
import svc.persistence.approvals.ApprovalRow;

/**
 * What happened, as the outbox row keeps it (its {@code payload}) and as webhooks and e-mails
 * tell it: fixed when the run event was projected, so every attempt says the same.
 *
 * @param event {@code gate_created}, {@code gate_escalated}, {@code gate_expired} or {@code budget_paused}
 * @param occurredAt when the run event happened
 * @param expiresAt when the gate expires unless decided (created + ttl); null without a ttl
 * @param reason why the run paused, or why the gate was closed
 * @param costUsd the run's spend when it paused
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Notice(
        String event,
        String runId,
        Instant occurredAt,
        String gateId,
        String gateType,
        String node,
        String gateState,
        String tool,
        String agent,
        Instant createdAt,
        Long ttlSeconds,
        Long escalateAfterSeconds,
        Instant escalatedAt,
        Instant expiresAt,
        String reason,
        Double costUsd) {

    public static final String GATE_CREATED = "gate_created";
    public static final String GATE_ESCALATED = "gate_escalated";
    public static final String GATE_EXPIRED = "gate_expired";
    public static final String BUDGET_PAUSED = "budget_paused";

    /** A gate event, told from the gate as the read side holds it. */
    public static Notice ofGate(String event, ApprovalRow g, Instant at, String reason) {
        Instant expires = g.ttlSeconds() == null ? null : g.createdAt().plusSeconds(g.ttlSeconds());
        return new Notice(
                event,
                g.runId(),
                at,
                g.gateId(),
                g.type(),
                g.node(),
                g.state(),
                g.tool(),
                g.agent(),
                g.createdAt(),
                g.ttlSeconds(),
                g.escalateAfterSeconds(),
                g.escalatedAt(),
                expires,
                reason,
                null);
    }

    /** A run that paused because its spend passed the budget. */
    public static Notice ofBudgetPause(String runId, Instant at, String reason, double costUsd) {
        return new Notice(
                BUDGET_PAUSED,
                runId,
                at,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                reason,
                costUsd);
    }

    public boolean isGate() {
        return gateId != null;
    }
}
