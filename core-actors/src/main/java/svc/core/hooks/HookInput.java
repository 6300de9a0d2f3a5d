package svc.core.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import svc.config.Json;

/**
 * What a hook is told: the event, the run and agent, the tool for tool events (null otherwise),
 * and the event's payload (tool arguments, a tool result, the messages, a model answer).
 */
public record HookInput(HookEvent event, String runId, String agent, String tool, JsonNode payload) {

    /** What the matcher of a hook is applied to: the tool for tool events, else the agent. */
    public String subject() {
        return tool != null ? tool : agent;
    }

    /** The JSON a shell hook reads on its standard input. */
    public ObjectNode toJson() {
        ObjectNode o = Json.object()
                .put("hook_event_name", event.name())
                .put("run_id", runId)
                .put("agent", agent);
        if (tool != null) {
            o.put("tool_name", tool);
        }
        o.set("payload", payload == null ? Json.object() : payload);
        return o;
    }
}
