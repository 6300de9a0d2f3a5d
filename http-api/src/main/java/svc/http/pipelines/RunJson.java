package svc.http.pipelines;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.List;
import svc.config.Json;
import svc.core.run.Gate;
import svc.core.run.RunView;
import svc.persistence.approvals.ApprovalRow;
import svc.persistence.runs.RunRow;

/**
 * The run record of DESIGN.md's contract: {@code run_id, state, template, profile, problem,
 * dataset_path, created_at, updated_at, pending_gates}, plus {@code target},
 * {@code sensitive_attributes}, {@code current_node}, {@code cost_usd} and {@code failure}.
 */
public final class RunJson {

    private RunJson() {}

    public static ObjectNode of(RunView v) {
        ObjectNode o = common(
                v.runId(),
                v.state(),
                v.template(),
                v.profile(),
                v.problem(),
                v.datasetPath(),
                v.createdAt(),
                v.updatedAt());
        ArrayNode gates = o.putArray("pending_gates");
        v.pendingGates().forEach(g -> gates.add(gate(g)));
        o.put("target", v.target());
        ArrayNode sensitive = o.putArray("sensitive_attributes");
        (v.sensitiveAttributes() == null ? List.<String>of() : v.sensitiveAttributes()).forEach(sensitive::add);
        o.put("current_node", v.currentNode());
        o.put("cost_usd", v.costUsd());
        o.put("failure", v.failure());
        return o;
    }

    /** A list item from the read side; its pending gates come from the approvals table. */
    public static ObjectNode of(RunRow r, List<ApprovalRow> pending) {
        ObjectNode o = common(
                r.runId(),
                r.state(),
                r.template(),
                r.profile(),
                r.problem(),
                r.datasetPath(),
                r.createdAt(),
                r.updatedAt());
        ArrayNode gates = o.putArray("pending_gates");
        pending.forEach(g -> gates.add(svc.core.readside.ApprovalJson.of(g)));
        o.put("target", r.target());
        o.put("current_node", r.currentNode());
        o.put("cost_usd", r.costUsd());
        o.put("failure", r.failure());
        o.put("created_by", r.createdBy());
        return o;
    }

    private static ObjectNode common(
            String runId,
            String state,
            String template,
            String profile,
            String problem,
            String dataset,
            Instant created,
            Instant updated) {
        ObjectNode o = Json.object();
        o.put("run_id", runId);
        o.put("state", state);
        o.put("template", template);
        o.put("profile", profile);
        o.put("problem", problem);
        o.put("dataset_path", dataset);
        o.put("created_at", created == null ? null : created.toString());
        o.put("updated_at", updated == null ? null : updated.toString());
        return o;
    }

    /** A gate of the run record, in the same shape as {@code /api/v1/approvals}. */
    static ObjectNode gate(Gate g) {
        ObjectNode o = Json.object();
        o.put("gate_id", g.gateId());
        o.put("run_id", g.runId());
        o.put("node", g.node());
        o.put("type", g.type());
        o.put("state", g.state());
        o.put("created_at", g.createdAt() == null ? null : g.createdAt().toString());
        if (g.ttlSeconds() == null) o.putNull("ttl_seconds");
        else o.put("ttl_seconds", g.ttlSeconds());
        if (g.escalateAfterSeconds() == null) o.putNull("escalate_after_seconds");
        else o.put("escalate_after_seconds", g.escalateAfterSeconds());
        o.put("escalated_at", g.escalatedAt() == null ? null : g.escalatedAt().toString());
        g.notifyChannels().forEach(o.putArray("notify_channels")::add);
        if (!o.has("notify_channels")) {
            o.putArray("notify_channels");
        }
        return o;
    }
}
