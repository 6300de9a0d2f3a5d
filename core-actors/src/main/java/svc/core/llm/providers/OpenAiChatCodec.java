package svc.core.llm.providers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import svc.config.Json;
import svc.core.llm.ChatMessage;
import svc.core.llm.LlmException;
import svc.core.llm.LlmRequest;
import svc.core.llm.LlmResponse;
import svc.core.llm.ToolCall;
import svc.core.llm.ToolSpec;
import svc.core.llm.Usage;

/**
 * Translates between svc's conversation and OpenAI chat completions, which vLLM serves too: the
 * system prompt as the first message, tools as {@code {"type": "function", "function": {name,
 * description, parameters}}}, assistant {@code tool_calls} whose arguments are a JSON
 * <em>string</em>, and each tool result as its own {@code role: tool} message with the
 * {@code tool_call_id} it answers. Usage counts {@code prompt_tokens} (cached ones included,
 * as {@link svc.core.llm.PriceTable} expects), {@code completion_tokens} and
 * {@code prompt_tokens_details.cached_tokens}.
 */
public final class OpenAiChatCodec {

    /** The chat API has no error flag on tool results; the model reads this prefix instead. */
    static final String TOOL_ERROR_PREFIX = "[tool error] ";

    private OpenAiChatCodec() {}

    /**
     * @param maxTokensField {@code max_completion_tokens} for OpenAI (its current name), {@code
     *     max_tokens} for servers that only know the older one
     */
    public static String encode(LlmRequest request, String maxTokensField) {
        ObjectNode body = Json.object();
        body.put("model", request.model());
        body.put(maxTokensField, request.maxTokens());
        // Lets the vendor tell one agent's traffic from another's in its own dashboards.
        body.put("user", request.agent());
        ArrayNode messages = body.putArray("messages");
        if (request.system() != null && !request.system().isEmpty()) {
            messages.addObject().put("role", "system").put("content", request.system());
        }
        for (ChatMessage m : request.messages()) {
            switch (m.role()) {
                case USER -> messages.addObject().put("role", "user").put("content", m.content());
                case TOOL ->
                    messages.addObject()
                            .put("role", "tool")
                            .put("tool_call_id", m.toolCallId())
                            .put("content", m.isError() ? TOOL_ERROR_PREFIX + m.content() : m.content());
                case ASSISTANT -> {
                    ObjectNode turn = messages.addObject().put("role", "assistant");
                    if (m.content().isEmpty() && !m.toolCalls().isEmpty()) {
                        turn.putNull("content");
                    } else {
                        turn.put("content", m.content());
                    }
                    if (!m.toolCalls().isEmpty()) {
                        ArrayNode calls = turn.putArray("tool_calls");
                        for (ToolCall call : m.toolCalls()) {
                            ObjectNode c =
                                    calls.addObject().put("id", call.id()).put("type", "function");
                            c.putObject("function").put("name", call.name()).put("arguments", call.argumentsJson());
                        }
                    }
                }
            }
        }
        if (!request.tools().isEmpty()) {
            body.set("tools", functionTools(request.tools()));
        }
        return Json.write(body);
    }

    /** Tools in the function-calling shape shared by OpenAI, vLLM and Ollama. */
    static ArrayNode functionTools(List<ToolSpec> specs) {
        ArrayNode tools = Json.MAPPER.createArrayNode();
        for (ToolSpec t : specs) {
            ObjectNode fn = tools.addObject().put("type", "function").putObject("function");
            fn.put("name", t.name())
                    .put("description", t.description())
                    .set("parameters", Json.parse(t.inputSchemaJson()));
        }
        return tools;
    }

    /** Reads a response body; a body without a choice, or not JSON, is a permanent failure. */
    public static LlmResponse decode(String responseJson) {
        JsonNode body;
        try {
            body = Json.parse(responseJson);
        } catch (IllegalArgumentException e) {
            throw new LlmException("the model's response is not JSON: " + e.getMessage(), false);
        }
        if (body.has("error")) {
            throw new LlmException("the model answered with an error: " + VendorHttp.errorDetail(responseJson), false);
        }
        JsonNode choice = body.path("choices").path(0);
        JsonNode message = choice.path("message");
        if (!message.isObject()) {
            throw new LlmException("the model's response has no choices[0].message", false);
        }
        List<ToolCall> calls = new ArrayList<>();
        for (JsonNode call : message.path("tool_calls")) {
            String id = call.path("id").asText(null);
            String name = call.path("function").path("name").asText(null);
            if (id == null || name == null) {
                throw new LlmException("a tool call in the model's response lacks its id or function name", false);
            }
            String arguments = call.path("function").path("arguments").asText("");
            calls.add(new ToolCall(id, name, arguments.isBlank() ? "{}" : arguments));
        }
        JsonNode usage = body.path("usage");
        Usage u = new Usage(
                usage.path("prompt_tokens").asLong(0),
                usage.path("completion_tokens").asLong(0),
                usage.path("prompt_tokens_details").path("cached_tokens").asLong(0));
        String text =
                message.path("content").isTextual() ? message.path("content").asText() : "";
        return new LlmResponse(
                body.path("model").asText(""),
                text,
                calls,
                u,
                choice.path("finish_reason").asText(""));
    }
}
