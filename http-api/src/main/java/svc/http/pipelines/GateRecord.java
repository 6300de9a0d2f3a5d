package svc.http.pipelines;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Instant;
import java.util.List;
import svc.core.run.Gate;
import svc.persistence.approvals.ApprovalRow;

/**
 * An approval gate on the API, the same shape whether it comes from the run entity (a run
 * record's {@code pending_gates}) or from the read side ({@code /api/v1/approvals}); {@code tool}
 * and {@code agent} only on a gate that holds a tool call.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record GateRecord(
        String gateId,
        String runId,
        String node,
        String type,
        String state,
        Instant createdAt,
        Long ttlSeconds,
        Long escalateAfterSeconds,
        Instant escalatedAt,
        List<String> notifyChannels,
        String decidedBy,
        Instant decidedAt,
        String rationale,
        @JsonInclude(JsonInclude.Include.NON_NULL) String tool,
        @JsonInclude(JsonInclude.Include.NON_NULL) String agent) {

    public GateRecord {
        notifyChannels = notifyChannels == null ? List.of() : notifyChannels;
    }

    public static GateRecord of(Gate g) {
        return new GateRecord(
                g.gateId(),
                g.runId(),
                g.node(),
                g.type(),
                g.state(),
                g.createdAt(),
                g.ttlSeconds(),
                g.escalateAfterSeconds(),
                g.escalatedAt(),
                g.notifyChannels(),
                g.decidedBy(),
                g.decidedAt(),
                g.rationale(),
                g.tool(),
                g.agent());
    }

    public static GateRecord of(ApprovalRow g) {
        return new GateRecord(
                g.gateId(),
                g.runId(),
                g.node(),
                g.type(),
                g.state(),
                g.createdAt(),
                g.ttlSeconds(),
                g.escalateAfterSeconds(),
                g.escalatedAt(),
                g.notifyChannels(),
                g.decidedBy(),
                g.decidedAt(),
                g.rationale(),
                g.tool(),
                g.agent());
    }
}
