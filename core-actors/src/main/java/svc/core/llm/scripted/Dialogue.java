package svc.core.llm.scripted;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import svc.core.task.TaskText;

/**
 * What the scripted model reads from a Messages-API request: who it is, the tools it was
 * offered, the current task (the last user text turn) and every tool call made for that task
 * with its result. Earlier tasks of the same conversation are history it does not act on.
 */
record Dialogue(String agent, String system, List<String> tools, String task, List<Exchange> exchanges) {

    /** One tool call of the current task and its result, if it has come back. */
    record Exchange(String id, String tool, JsonNode input, String result, boolean isError) {
        Optional<JsonNode> resultData() {
            return TaskText.data(result);
        }
    }

    static Dialogue of(JsonNode request) {
        List<String> tools = new ArrayList<>();
        request.path("tools").forEach(t -> tools.add(t.path("name").asText()));
        String task = "";
        Map<String, Exchange> exchanges = new LinkedHashMap<>();
        for (JsonNode message : request.path("messages")) {
            boolean user = "user".equals(message.path("role").asText());
            for (JsonNode block : message.path("content")) {
                String type = block.path("type").asText();
                if (user && type.equals("text")) {
                    task = block.path("text").asText();
                    exchanges.clear();
                } else if (!user && type.equals("tool_use")) {
                    String id = block.path("id").asText();
                    exchanges.put(id, new Exchange(id, block.path("name").asText(), block.path("input"), null, false));
                } else if (user && type.equals("tool_result")) {
                    String id = block.path("tool_use_id").asText();
                    Exchange call = exchanges.get(id);
                    if (call != null) {
                        exchanges.put(
                                id,
                                new Exchange(
                                        id,
                                        call.tool(),
                                        call.input(),
                                        block.path("content").asText(),
                                        block.path("is_error").asBoolean(false)));
                    }
                }
            }
        }
        return new Dialogue(
                request.path("metadata").path("user_id").asText(""),
                request.path("system").asText(""),
                tools,
                task,
                List.copyOf(exchanges.values()));
    }

    Optional<JsonNode> taskData() {
        return TaskText.data(task);
    }

    boolean hasTool(String name) {
        return tools.contains(name);
    }

    /** Results of this task's calls to a tool (delegations count as calls to transfer_to_X). */
    List<Exchange> callsTo(String tool) {
        return exchanges.stream().filter(e -> e.tool().equals(tool)).toList();
    }
}
