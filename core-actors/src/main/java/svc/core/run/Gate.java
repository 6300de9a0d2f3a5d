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

    /** Whether this gate holds a tool call rather than a workflow checkpoint. */
    public boolean isToolGate() {
        return tool != null;
    }

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
