package svc.core.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import svc.config.Json;

/**
 * Translates between svc's conversation and the first-party vendor's Messages API: content
 * blocks of type {@code text}, {@code tool_use} and {@code tool_result}; tools with
 * {@code input_schema}; usage with {@code input_tokens}, {@code output_tokens} and
 * {@code cache_read_input_tokens}. Tool results travel as user turns, consecutive ones merged,
 * because the API requires user and assistant turns to alternate.
 */
public final class AnthropicMessagesCodec {

    private AnthropicMessagesCodec() {}

    public static String encode(LlmRequest request) {
        ObjectNode body = Json.object();
        body.put("model", request.model());
        body.put("max_tokens", request.maxTokens());
        if (request.system() != null && !request.system().isEmpty()) {
            body.put("system", request.system());
        }
        body.putObject("metadata").put("user_id", request.agent());
        ArrayNode messages = body.putArray("messages");
        ObjectNode pendingUser = null;
        for (ChatMessage m : request.messages()) {
            switch (m.role()) {
                case USER -> {
                    pendingUser = userTurn(messages, pendingUser);
                    pendingUser
                            .withArray("content")
                            .addObject()
                            .put("type", "text")
                            .put("text", m.content());
                }
                case TOOL -> {
                    pendingUser = userTurn(messages, pendingUser);
                    ObjectNode block = pendingUser.withArray("content").addObject();
                    block.put("type", "tool_result")
                            .put("tool_use_id", m.toolCallId())
                            .put("content", m.content());
                    if (m.isError()) {
                        block.put("is_error", true);
                    }
                }
                case ASSISTANT -> {
                    pendingUser = null;
                    ObjectNode turn = messages.addObject();
                    turn.put("role", "assistant");
                    ArrayNode content = turn.putArray("content");
                    if (!m.content().isEmpty()) {
                        content.addObject().put("type", "text").put("text", m.content());
                    }
                    for (ToolCall call : m.toolCalls()) {
                        content.addObject()
                                .put("type", "tool_use")
                                .put("id", call.id())
                                .put("name", call.name())
                                .set("input", Json.parse(call.argumentsJson()));
                    }
                }
            }
        }
        if (!request.tools().isEmpty()) {
            ArrayNode tools = body.putArray("tools");
            for (ToolSpec t : request.tools()) {
                tools.addObject()
                        .put("name", t.name())
                        .put("description", t.description())
                        .set("input_schema", Json.parse(t.inputSchemaJson()));
            }
        }
        return Json.write(body);
    }

    private static ObjectNode userTurn(ArrayNode messages, ObjectNode pending) {
        if (pending != null) {
            return pending;
        }
        ObjectNode turn = messages.addObject();
        turn.put("role", "user");
        turn.putArray("content");
        return turn;
    }

    /** Reads a response body; an error body or a malformed one is an {@link LlmException}. */
    public static LlmResponse decode(String responseJson) {
        JsonNode body;
        try {
            body = Json.parse(responseJson);
        } catch (IllegalArgumentException e) {
            throw new LlmException("the model's response is not JSON: " + e.getMessage(), false);
        }
        if ("error".equals(body.path("type").asText())) {
            JsonNode error = body.path("error");
            String type = error.path("type").asText("error");
            boolean retryable =
                    type.equals("overloaded_error") || type.equals("rate_limit_error") || type.equals("api_error");
            throw new LlmException(type + ": " + error.path("message").asText(""), retryable);
        }
        JsonNode content = body.get("content");
        if (content == null || !content.isArray()) {
            throw new LlmException("the model's response has no content array", false);
        }
        StringBuilder text = new StringBuilder();
        List<ToolCall> calls = new ArrayList<>();
        for (JsonNode block : content) {
            switch (block.path("type").asText()) {
                case "text" -> {
                    if (text.length() > 0) {
                        text.append('\n');
                    }
                    text.append(block.path("text").asText());
                }
                case "tool_use" -> {
                    String id = block.path("id").asText(null);
                    String name = block.path("name").asText(null);
                    if (id == null || name == null) {
                        throw new LlmException("a tool_use block lacks its id or name", false);
                    }
                    calls.add(new ToolCall(
                            id,
                            name,
                            Json.write(block.path("input").isMissingNode() ? Json.object() : block.get("input"))));
                }
                default -> {
                    // thinking and other block kinds carry nothing an agent acts on
                }
            }
        }
        // input_tokens counts only the uncached tail of the prompt: the whole prompt is that plus
        // the tokens read from the cache and those written to it (billed at least as input).
        JsonNode usage = body.path("usage");
        long cacheRead = usage.path("cache_read_input_tokens").asLong(0);
        Usage u = new Usage(
                usage.path("input_tokens").asLong(0)
                        + cacheRead
                        + usage.path("cache_creation_input_tokens").asLong(0),
                usage.path("output_tokens").asLong(0),
                cacheRead);
        return new LlmResponse(
                body.path("model").asText(""),
                text.toString(),
                calls,
                u,
                body.path("stop_reason").asText(""));
    }
}
