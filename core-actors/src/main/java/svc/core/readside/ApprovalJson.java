package svc.core.readside;

import com.fasterxml.jackson.databind.node.ObjectNode;
import svc.config.Json;
import svc.persistence.approvals.ApprovalRow;

/** The JSON shape of an approval gate, shared by the API and {@code approvals.json}. */
public final class ApprovalJson {

    private ApprovalJson() {}

    public static ObjectNode of(ApprovalRow g) {
        ObjectNode o = Json.object();
        o.put("gate_id", g.gateId());
        o.put("run_id", g.runId());
        o.put("node", g.node());
        o.put("type", g.type());
        o.put("state", g.state());
        o.put("created_at", g.createdAt().toString());
        putNullable(o, "ttl_seconds", g.ttlSeconds());
        putNullable(o, "escalate_after_seconds", g.escalateAfterSeconds());
        o.put("escalated_at", g.escalatedAt() == null ? null : g.escalatedAt().toString());
        g.notifyChannels().forEach(o.putArray("notify_channels")::add);
        if (!o.has("notify_channels")) {
            o.putArray("notify_channels");
        }
        o.put("decided_by", g.decidedBy());
        o.put("decided_at", g.decidedAt() == null ? null : g.decidedAt().toString());
        o.put("rationale", g.rationale());
        if (g.tool() != null) {
            o.put("tool", g.tool());
            o.put("agent", g.agent());
        }
        return o;
    }

    private static void putNullable(ObjectNode o, String key, Long value) {
        if (value == null) {
            o.putNull(key);
        } else {
            o.put(key, value);
        }
    }
}
