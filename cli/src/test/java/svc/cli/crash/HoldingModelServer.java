package svc.cli.crash;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import svc.config.Json;
import svc.core.llm.scripted.ScriptedModel;

/**
 * The Anthropic Messages API on loopback, thinking with the embedded scripted model, for a {@code
 * svc server} in another JVM ({@code SVC_LLM_PROVIDER=anthropic}, {@code SVC_LLM_BASE_URL}). The
 * scripted model answers from the conversation it is sent, so a request asked again after a
 * restart gets the same answer.
 *
 * <p>A test can {@link #holdNext hold} the next request that matches until it releases it (or
 * kills the server JVM meanwhile), and learns when it arrived. Every request is
 * logged by agent, message count and a digest of the messages, so a test can tell which model calls
 * were made twice, and
 * every answer's tool calls are logged with that key.
 */
final class HoldingModelServer implements AutoCloseable {

    record Asked(String key, JsonNode request, int epoch) {}

    record Answered(String key, List<String> tools) {}

    /** A held request: {@code reached} completes with its key when it arrives; {@link #release} answers it. */
    record Held(Predicate<JsonNode> when, CompletableFuture<String> reached, CountDownLatch released) {
        void release() {
            released.countDown();
        }
    }

    private final HttpServer server;
    private final ExecutorService threads = Executors.newFixedThreadPool(8);
    private final ScriptedModel model = new ScriptedModel();
    private final AtomicReference<Held> hold = new AtomicReference<>();
    private final CountDownLatch closed = new CountDownLatch(1);
    final List<Asked> asked = new CopyOnWriteArrayList<>();
    final List<Answered> answered = new CopyOnWriteArrayList<>();
    /** Completed with the key of the first answer that calls {@code train_model}, once it is sent. */
    final CompletableFuture<String> trainingCalled = new CompletableFuture<>();
    /** Which life of the server JVM is asking: the test moves it on at each kill. */
    volatile int epoch;

    HoldingModelServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::handle);
        server.setExecutor(threads);
        server.start();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** The next request matching {@code when} is held unanswered until released (or this server closes). */
    Held holdNext(Predicate<JsonNode> when) {
        Held h = new Held(when, new CompletableFuture<>(), new CountDownLatch(1));
        hold.set(h);
        return h;
    }

    /** The agent, its message count and a digest of the messages: one model call, however often it is made. */
    static String key(JsonNode request) {
        return request.path("metadata").path("user_id").asText() + "#"
                + request.path("messages").size() + "#"
                + Integer.toHexString(request.path("messages").toString().hashCode());
    }

    /** Whether any message of the request carries the result of a call to {@code tool}. */
    static boolean carriesResultOf(JsonNode request, String tool) {
        List<String> ids = new ArrayList<>();
        for (JsonNode m : request.path("messages")) {
            for (JsonNode block : m.path("content")) {
                if (block.path("type").asText().equals("tool_use")
                        && block.path("name").asText().equals(tool)) {
                    ids.add(block.path("id").asText());
                }
                if (block.path("type").asText().equals("tool_result")
                        && ids.contains(block.path("tool_use_id").asText())) {
                    return true;
                }
            }
        }
        return false;
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            if (!ex.getRequestURI().getPath().equals("/v1/messages")) {
                reply(ex, 404, "{\"error\":{\"type\":\"not_found_error\",\"message\":\"no route\"}}");
                return;
            }
            JsonNode request = Json.parse(body);
            String key = key(request);
            asked.add(new Asked(key, request, epoch));
            Held h = hold.get();
            if (h != null && h.when().test(request) && hold.compareAndSet(h, null)) {
                h.reached().complete(key);
                // Answered only when released; a server killed meanwhile never gets it.
                while (!h.released().await(100, TimeUnit.MILLISECONDS)) {
                    if (closed.getCount() == 0) {
                        return;
                    }
                }
            }
            String answer = model.post(body).toCompletableFuture().get(30, TimeUnit.SECONDS);
            List<String> tools = Json.parse(answer).path("content").findValuesAsText("name");
            answered.add(new Answered(key, tools));
            reply(ex, 200, answer);
            if (tools.contains("train_model")) {
                trainingCalled.complete(key);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            reply(ex, 500, "{\"error\":{\"type\":\"api_error\",\"message\":" + Json.write(String.valueOf(e)) + "}}");
        }
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
        closed.countDown();
        server.stop(0);
        threads.shutdownNow();
    }
}
