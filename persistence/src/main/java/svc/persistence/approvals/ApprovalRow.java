package svc.persistence.approvals;

import java.time.Instant;
import java.util.List;

/**
 * One approval gate as the read side keeps it. The optional fields (ttl, escalation, channels)
 * are null for gates stored before they existed, and such rows still load.
 */
public record ApprovalRow(
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
        String agent) {

    /** A gate without the tool fields (a workflow checkpoint). */
    public ApprovalRow(
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
            String rationale) {
        this(
                gateId,
                runId,
                node,
                type,
                state,
                createdAt,
                ttlSeconds,
                escalateAfterSeconds,
                escalatedAt,
                notifyChannels,
                decidedBy,
                decidedAt,
                rationale,
                null,
                null);
    }
}
