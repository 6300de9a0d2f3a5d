package svc.core.tools.ml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Set;
import svc.config.Json;
import svc.core.tools.SimpleTool;
import svc.core.tools.Tool;
import svc.core.tools.ToolContext;
import svc.core.tools.ToolResult;

/**
 * {@code request_approval}: an agent puts a question to a person. The permission layer answers
 * every call of it with ASK (governance's HITL source), so the run opens a gate of type
 * {@code manual} for the call and waits; the call's arguments (the
 * question, the proposal, the candidates and the evidence) are in the agent's conversation and the
 * run's live stream. The tool itself runs only once a person approved: it records the approved
 * proposal under {@code work/approvals/} and hands it back. A rejection fails the run.
 */
final class ApprovalTools {

    static final String NAME = "request_approval";
    private static final Set<String> GATE_TYPES = Set.of("manual", "data_request", "security", "cost", "custom");

    private ApprovalTools() {}

    static List<Tool> all() {
        return List.of(new SimpleTool(
                NAME,
                "Ask a person to approve a proposal through an approval gate (gate_type manual or data_request):"
                        + " one precise question, the proposal, the candidates and the evidence. Returns once"
                        + " approved; a rejection ends the run.",
                "{\"type\":\"object\",\"properties\":{\"gate_type\":{\"type\":\"string\"},\"topic\":{\"type\":"
                        + "\"string\"},\"question\":{\"type\":\"string\"},\"proposal\":{\"type\":\"object\"},"
                        + "\"candidates\":{\"type\":\"array\"},\"evidence\":{\"type\":\"object\"}},"
                        + "\"required\":[\"question\",\"proposal\"]}",
                ApprovalTools::approved));
    }

    private static ToolResult approved(ToolContext ctx, JsonNode args) {
        String type = args.path("gate_type").asText("manual");
        if (!GATE_TYPES.contains(type)) {
            return ToolResult.error("gate_type '" + type + "' is not one of " + GATE_TYPES);
        }
        String question = args.path("question").asText("");
        if (question.isBlank() || !args.path("proposal").isObject()) {
            return ToolResult.error("request_approval needs a 'question' and a 'proposal' object");
        }
        String topic = args.path("topic").asText("question").replaceAll("[^a-z0-9_]+", "_");
        ObjectNode record = Json.object()
                .put("topic", topic)
                .put("gate_type", type)
                .put("question", question)
                .put("approved", true)
                .put("agent", ctx.agent());
        record.set("proposal", args.get("proposal"));
        record.set("candidates", args.path("candidates"));
        record.set("evidence", args.path("evidence"));
        new RunWorkspace(ctx.runDir()).writeJson("work/approvals/" + topic + ".json", record);
        ObjectNode out = record.deepCopy();
        out.put("summary", "a person approved: " + question);
        return ToolResult.ok(out, Map.of("approval." + topic, true));
    }
}
