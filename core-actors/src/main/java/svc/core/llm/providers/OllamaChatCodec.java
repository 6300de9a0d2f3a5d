package svc.core.llm.providers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import svc.config.Json;
import svc.core.llm.ChatMessage;
import svc.core.llm.LlmException;
import svc.core.llm.LlmRequest;
import svc.core.llm.LlmResponse;
import svc.core.llm.ToolCall;
import svc.core.llm.Usage;

/**
 * Translates between svc's conversation and Ollama's {@code /api/chat}: one non-streamed answer
 * ({@code stream: false}), tools in the function-calling shape, tool calls in {@code
 * message.tool_calls} with arguments as a JSON <em>object</em>, and tool results as {@code
 * role: tool} messages carrying the {@code tool_name} they answer. Ollama gives its calls no
 * ids, so they are made from the turn's position and the call's index: unique in the
 * conversation and the same on every replay. Token counts are {@code prompt_eval_count} and
 * {@code eval_count}; there is no prompt cache to report.
 */
public final class OllamaChatCodec {

    private OllamaChatCodec() {}

    public static String encode(LlmRequest request) {
        ObjectNode body = Json.object();
        body.put("model", request.model());
        body.put("stream", false);
        body.putObject("options").put("num_predict", request.maxTokens());
        ArrayNode messages = body.putArray("messages");
        if (request.system() != null && !request.system().isEmpty()) {
            messages.addObject().put("role", "system").put("content", request.system());
        }
        Map<String, String> toolNames = new HashMap<>();
        for (ChatMessage m : request.messages()) {
            switch (m.role()) {
                case USER -> messages.addObject().put("role", "user").put("content", m.content());
                case TOOL -> {
                    ObjectNode result = messages.addObject().put("role", "tool");
                    result.put("content", m.isError() ? OpenAiChatCodec.TOOL_ERROR_PREFIX + m.content() : m.content());
                    String name = toolNames.get(m.toolCallId());
                    if (name != null) {
                        result.put("tool_name", name);
                    }
                }
                case ASSISTANT -> {
                    ObjectNode turn =
                            messages.addObject().put("role", "assistant").put("content", m.content());
                    if (!m.toolCalls().isEmpty()) {
                        ArrayNode calls = turn.putArray("tool_calls");
                        for (ToolCall call : m.toolCalls()) {
                            toolNames.put(call.id(), call.name());
                            calls.addObject()
                                    .putObject("function")
                                    .put("name", call.name())
                                    .set("arguments", arguments(call));
                        }
                    }
                }
            }
        }
        if (!request.tools().isEmpty()) {
            body.set("tools", OpenAiChatCodec.functionTools(request.tools()));
        }
        return Json.write(body);
    }

    private static JsonNode arguments(ToolCall call) {
        try {
            return Json.parse(call.argumentsJson());
        } catch (IllegalArgumentException notJson) {
            // A model once wrote arguments that were not JSON; send them back as it wrote them.
            return Json.MAPPER.getNodeFactory().textNode(call.argumentsJson());
        }
    }

    /**
     * Reads a response body.
     *
     * @param turn the number of messages in the request, for the call ids
     */
    public static LlmResponse decode(String responseJson, int turn) {
        JsonNode body;
        try {
            body = Json.parse(responseJson);
        } catch (IllegalArgumentException e) {
            throw new LlmException("the model's response is not JSON: " + e.getMessage(), false);
        }
        if (body.has("error")) {
            throw new LlmException("the model answered with an error: " + VendorHttp.errorDetail(responseJson), false);
        }
        JsonNode message = body.path("message");
        if (!message.isObject()) {
            throw new LlmException("the model's response has no message", false);
        }
        List<ToolCall> calls = new ArrayList<>();
        int index = 0;
        for (JsonNode call : message.path("tool_calls")) {
            JsonNode fn = call.path("function");
            String name = fn.path("name").asText(null);
            if (name == null) {
                throw new LlmException("a tool call in the model's response lacks its function name", false);
            }
            JsonNode args = fn.path("arguments");
            String json = args.isTextual()
                    ? args.asText()
                    : Json.write(args.isMissingNode() || args.isNull() ? Json.object() : args);
            String id = call.path("id").asText("");
            calls.add(new ToolCall(id.isEmpty() ? "call_" + turn + "_" + index : id, name, json));
            index++;
        }
        Usage usage = new Usage(
                body.path("prompt_eval_count").asLong(0),
                body.path("eval_count").asLong(0),
                0);
        String stop = calls.isEmpty() ? body.path("done_reason").asText("") : "tool_calls";
        return new LlmResponse(
                body.path("model").asText(""), message.path("content").asText(""), calls, usage, stop);
    }
}
