package svc.core.run;

import java.time.Instant;
import java.util.List;
import svc.core.CborSerializable;

/**
 * An approval gate of a run: a workflow checkpoint, or a tool call the permission engine answered
 * with ASK ({@code tool} and {@code agent} set). The optional fields (ttl, escalation, channels,
 * tool) may be null: gates stored before they existed still load. State is pending, approved,
 * rejected or expired.
 */
public record Gate(
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
        String tool,
        String agent)
        implements CborSerializable {

    public static final String PENDING = "pending";
    public static final String APPROVED = "approved";
    public static final String REJECTED = "rejected";
    public static final String EXPIRED = "expired";

    public Gate {
        notifyChannels = notifyChannels == null ? List.of() : List.copyOf(notifyChannels);
    }

    /** A pending gate at a workflow checkpoint. */
    public static Gate checkpoint(
            String gateId,
            String runId,
            String node,
            String type,
            Instant createdAt,
            Long ttlSeconds,
            Long escalateAfterSeconds,
            List<String> notifyChannels) {
        return new Gate(
                gateId,
                runId,
                node,
                type,
                PENDING,
                createdAt,
                ttlSeconds,
                escalateAfterSeconds,
                null,
                notifyChannels,
                null,
                null,
                null,
                null,
                null);
    }

    /** A pending gate for one agent's call of {@code tool}, which the permission engine answered ASK. */
    public static Gate forTool(
            String gateId, String runId, String node, String type, Instant createdAt, String tool, String agent) {
        return new Gate(
                gateId, runId, node, type, PENDING, createdAt, null, null, null, List.of(), null, null, null, tool,
                agent);
    }

    /** Whether this gate holds a tool call rather than a workflow checkpoint. */
    public boolean isToolGate() {
        return tool != null;
    }

    /** The same gate, escalated to its notify channels at {@code at}. */
    Gate escalated(Instant at) {
        return new Gate(
                gateId,
                runId,
                node,
                type,
                state,
                createdAt,
                ttlSeconds,
                escalateAfterSeconds,
                at,
                notifyChannels,
                decidedBy,
                decidedAt,
                rationale,
                tool,
                agent);
    }

    /** The same gate, decided: approved, rejected or expired. */
    Gate decided(String newState, String by, Instant at, String why) {
        return new Gate(
                gateId,
                runId,
                node,
                type,
                newState,
                createdAt,
                ttlSeconds,
                escalateAfterSeconds,
                escalatedAt,
                notifyChannels,
                by,
                at,
                why,
                tool,
                agent);
    }
}
