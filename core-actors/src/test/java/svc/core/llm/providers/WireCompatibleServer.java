package svc.core.llm.providers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import svc.config.Json;
import svc.core.llm.AnthropicMessagesCodec;
import svc.core.llm.ChatMessage;
import svc.core.llm.LlmRequest;
import svc.core.llm.LlmResponse;
import svc.core.llm.ToolCall;
import svc.core.llm.ToolSpec;
import svc.core.llm.scripted.ScriptedModel;

/**
 * A local server that speaks each vendor's wire format and thinks with the embedded scripted
 * model: the Messages API is passed straight through; a chat-completions or Ollama request is
 * read back into svc's neutral conversation, asked of the scripted model in Messages form, and
 * its answer written out in the vendor's response shape. So a whole pipeline can run through
 * the real HTTP clients and codecs with agents that make the calls a pipeline needs.
 *
 * <p>It can also answer the first requests of a run with a transient error (429 with {@code
 * Retry-After: 0}, then 503), so the pipeline goes through the retry path too.
 */
final class WireCompatibleServer implements AutoCloseable {

    /** {@code body}: the request as sent. */
    record Seen(
            String path, String authorization, String apiKey, String anthropicVersion, String model, JsonNode body) {}

    private final HttpServer server;
    private final ExecutorService threads = Executors.newFixedThreadPool(4);
    private final ScriptedModel model = new ScriptedModel();
    private final List<Seen> seen = new CopyOnWriteArrayList<>();
    private final Deque<Integer> failFirst = new ArrayDeque<>();
    private final AtomicInteger ids = new AtomicInteger();
    private final AtomicLong inputTokens = new AtomicLong();
    private final AtomicLong outputTokens = new AtomicLong();

    WireCompatibleServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::handle);
        server.setExecutor(threads);
        server.start();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** Input and output tokens of every answer this server gave, as it reported them. */
    long[] tokensReported() {
        return new long[] {inputTokens.get(), outputTokens.get()};
    }

    List<Seen> seen() {
        return seen;
    }

    /** The next requests fail with these statuses, in order, before any is answered. */
    WireCompatibleServer failFirst(int... statuses) {
        synchronized (failFirst) {
            for (int s : statuses) {
                failFirst.add(s);
            }
        }
        return this;
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            String path = ex.getRequestURI().getPath();
            if (ex.getRequestMethod().equals("GET")) {
                reply(ex, 200, "{\"status\":\"ok\"}");
                return;
            }
            String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            JsonNode request = Json.parse(body);
            var h = ex.getRequestHeaders();
            seen.add(new Seen(
                    path,
                    h.getFirst("authorization"),
                    h.getFirst("x-api-key"),
                    h.getFirst("anthropic-version"),
                    request.path("model").asText(),
                    request));
            Integer failure;
            synchronized (failFirst) {
                failure = failFirst.poll();
            }
            if (failure != null) {
                ex.getResponseHeaders().add("retry-after", "0");
                reply(ex, failure, "{\"error\":{\"type\":\"rate_limit_error\",\"message\":\"slow down\"}}");
                return;
            }
            switch (path) {
                case "/v1/messages" -> reply(ex, 200, think(body));
                case "/v1/chat/completions" -> reply(ex, 200, openAiResponse(ask(fromOpenAi(request))));
                case "/api/chat" -> reply(ex, 200, ollamaResponse(ask(fromOllama(request))));
                default -> reply(ex, 404, "{\"error\":\"no route " + path + "\"}");
            }
        } catch (RuntimeException e) {
            reply(
                    ex,
                    400,
                    "{\"error\":{\"type\":\"invalid_request_error\",\"message\":"
                            + Json.MAPPER.writeValueAsString(String.valueOf(e)) + "}}");
        }
    }

    private String think(String messagesRequest) {
        try {
            String answer = model.post(messagesRequest).toCompletableFuture().get(10, TimeUnit.SECONDS);
            JsonNode usage = Json.parse(answer).path("usage");
            inputTokens.addAndGet(usage.path("input_tokens").asLong());
            outputTokens.addAndGet(usage.path("output_tokens").asLong());
            return answer;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private LlmResponse ask(LlmRequest neutral) {
        return AnthropicMessagesCodec.decode(think(AnthropicMessagesCodec.encode(neutral)));
    }

    // ---- OpenAI chat completions -------------------------------------------------------------

    private static LlmRequest fromOpenAi(JsonNode r) {
        String system = "";
        List<ChatMessage> messages = new ArrayList<>();
        for (JsonNode m : r.path("messages")) {
            switch (m.path("role").asText()) {
                case "system" -> system = m.path("content").asText();
                case "user" -> messages.add(ChatMessage.user(m.path("content").asText()));
                case "assistant" -> {
                    List<ToolCall> calls = new ArrayList<>();
                    for (JsonNode c : m.path("tool_calls")) {
                        calls.add(new ToolCall(
                                c.path("id").asText(),
                                c.path("function").path("name").asText(),
                                c.path("function").path("arguments").asText()));
                    }
                    messages.add(ChatMessage.assistant(
                            m.path("content").isNull() ? "" : m.path("content").asText(), calls));
                }
                case "tool" -> {
                    String content = m.path("content").asText();
                    boolean error = content.startsWith(OpenAiChatCodec.TOOL_ERROR_PREFIX);
                    messages.add(ChatMessage.toolResult(
                            m.path("tool_call_id").asText(),
                            error ? content.substring(OpenAiChatCodec.TOOL_ERROR_PREFIX.length()) : content,
                            error));
                }
                default -> throw new IllegalArgumentException("unknown role " + m.path("role"));
            }
        }
        int maxTokens = r.has("max_completion_tokens")
                ? r.path("max_completion_tokens").asInt()
                : r.path("max_tokens").asInt(1024);
        return new LlmRequest(
                r.path("user").asText(""), r.path("model").asText(), system, messages, tools(r), maxTokens);
    }

    private static List<ToolSpec> tools(JsonNode r) {
        List<ToolSpec> tools = new ArrayList<>();
        for (JsonNode t : r.path("tools")) {
            JsonNode fn = t.path("function");
            tools.add(new ToolSpec(
                    fn.path("name").asText(), fn.path("description").asText(), Json.write(fn.path("parameters"))));
        }
        return tools;
    }

    private String openAiResponse(LlmResponse a) {
        ObjectNode body = Json.object()
                .put("id", "chatcmpl-" + ids.incrementAndGet())
                .put("object", "chat.completion")
                .put("created", 1741569952L);
        body.put("model", a.model());
        ObjectNode choice = body.putArray("choices").addObject().put("index", 0);
        ObjectNode message = choice.putObject("message").put("role", "assistant");
        if (a.text().isEmpty()) {
            message.putNull("content");
        } else {
            message.put("content", a.text());
        }
        if (!a.toolCalls().isEmpty()) {
            ArrayNode calls = message.putArray("tool_calls");
            for (ToolCall c : a.toolCalls()) {
                calls.addObject()
                        .put("id", "call_" + ids.incrementAndGet())
                        .put("type", "function")
                        .putObject("function")
                        .put("name", c.name())
                        .put("arguments", c.argumentsJson());
            }
        }
        choice.put("finish_reason", a.toolCalls().isEmpty() ? "stop" : "tool_calls");
        ObjectNode usage = body.putObject("usage");
        usage.put("prompt_tokens", a.usage().inputTokens())
                .put("completion_tokens", a.usage().outputTokens())
                .put("total_tokens", a.usage().inputTokens() + a.usage().outputTokens());
        usage.putObject("prompt_tokens_details").put("cached_tokens", 0);
        return Json.write(body);
    }

    // ---- Ollama /api/chat ----------------------------------------------------------------------

    /** Ollama sends no call ids: they are rebuilt the way the client made them (turn, index). */
    private static LlmRequest fromOllama(JsonNode r) {
        if (r.path("stream").asBoolean(true)) {
            throw new IllegalArgumentException("this server only answers stream: false");
        }
        String system = "";
        List<ChatMessage> messages = new ArrayList<>();
        Deque<String> unanswered = new ArrayDeque<>();
        for (JsonNode m : r.path("messages")) {
            switch (m.path("role").asText()) {
                case "system" -> system = m.path("content").asText();
                case "user" -> messages.add(ChatMessage.user(m.path("content").asText()));
                case "assistant" -> {
                    List<ToolCall> calls = new ArrayList<>();
                    int index = 0;
                    for (JsonNode c : m.path("tool_calls")) {
                        String id = "call_" + messages.size() + "_" + index++;
                        unanswered.add(id);
                        calls.add(new ToolCall(
                                id,
                                c.path("function").path("name").asText(),
                                Json.write(c.path("function").path("arguments"))));
                    }
                    messages.add(ChatMessage.assistant(m.path("content").asText(), calls));
                }
                case "tool" -> {
                    String content = m.path("content").asText();
                    boolean error = content.startsWith(OpenAiChatCodec.TOOL_ERROR_PREFIX);
                    messages.add(ChatMessage.toolResult(
                            unanswered.poll(),
                            error ? content.substring(OpenAiChatCodec.TOOL_ERROR_PREFIX.length()) : content,
                            error));
                }
                default -> throw new IllegalArgumentException("unknown role " + m.path("role"));
            }
        }
        return new LlmRequest(
                "",
                r.path("model").asText(),
                system,
                messages,
                tools(r),
                r.path("options").path("num_predict").asInt(1024));
    }

    private static String ollamaResponse(LlmResponse a) {
        ObjectNode body = Json.object().put("model", a.model()).put("created_at", "2024-07-22T20:33:28.123648Z");
        ObjectNode message = body.putObject("message").put("role", "assistant").put("content", a.text());
        if (!a.toolCalls().isEmpty()) {
            ArrayNode calls = message.putArray("tool_calls");
            for (ToolCall c : a.toolCalls()) {
                calls.addObject()
                        .putObject("function")
                        .put("name", c.name())
                        .set("arguments", Json.parse(c.argumentsJson()));
            }
        }
        body.put("done_reason", "stop").put("done", true).put("total_duration", 885095291L);
        body.put("prompt_eval_count", a.usage().inputTokens())
                .put("eval_count", a.usage().outputTokens());
        return Json.write(body);
    }

    private static void reply(HttpExchange ex, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("content-type", "application/json");
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }

    static Map<String, String> keys() {
        return Map.of("ANTHROPIC_API_KEY", "sk-ant-pipeline-test", "OPENAI_API_KEY", "sk-openai-pipeline-test");
    }
}
