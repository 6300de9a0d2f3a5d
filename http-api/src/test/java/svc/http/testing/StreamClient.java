package svc.http.testing;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import svc.config.Json;

/** A JDK WebSocket client that keeps every text message and notes how the socket closed. */
public final class StreamClient implements WebSocket.Listener {

    public final List<String> messages = new CopyOnWriteArrayList<>();
    public final CompletableFuture<Integer> closed = new CompletableFuture<>();
    private final StringBuilder partial = new StringBuilder();
    private final List<Waiter> waiters = new CopyOnWriteArrayList<>();
    private WebSocket socket;

    private record Waiter(Predicate<JsonNode> test, CompletableFuture<JsonNode> found) {}

    public static StreamClient open(String base, String path) throws Exception {
        StreamClient client = new StreamClient();
        URI uri = URI.create(base.replaceFirst("^http", "ws") + path);
        client.socket = HttpClient.newHttpClient()
                .newWebSocketBuilder()
                .buildAsync(uri, client)
                .get(30, TimeUnit.SECONDS);
        return client;
    }

    /** The first message (already received or still to come) that passes {@code test}. */
    public JsonNode await(Predicate<JsonNode> test, int seconds) throws Exception {
        CompletableFuture<JsonNode> found = new CompletableFuture<>();
        waiters.add(new Waiter(test, found));
        for (String m : messages) {
            JsonNode node = Json.parse(m);
            if (test.test(node)) {
                found.complete(node);
            }
        }
        return found.get(seconds, TimeUnit.SECONDS);
    }

    public int awaitClose(int seconds) throws Exception {
        return closed.get(seconds, TimeUnit.SECONDS);
    }

    public List<JsonNode> json() {
        return messages.stream().map(Json::parse).toList();
    }

    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
        partial.append(data);
        if (last) {
            String text = partial.toString();
            partial.setLength(0);
            messages.add(text);
            JsonNode node = Json.parse(text);
            waiters.forEach(w -> {
                if (!w.found().isDone() && w.test().test(node)) {
                    w.found().complete(node);
                }
            });
        }
        webSocket.request(1);
        return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
        closed.complete(statusCode);
        return null;
    }

    @Override
    public void onError(WebSocket webSocket, Throwable error) {
        closed.completeExceptionally(error);
    }
}
