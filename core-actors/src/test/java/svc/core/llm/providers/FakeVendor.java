package svc.core.llm.providers;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A vendor's HTTP endpoint on 127.0.0.1 that answers with queued replies, one per request, and
 * records what it was sent. A {@link #hang()} reply holds the request until the server stops,
 * which is how a test gets a client timeout without waiting on a clock.
 */
final class FakeVendor implements AutoCloseable {

    record Reply(int status, Map<String, String> headers, String body, boolean hang) {}

    record Received(String method, String path, Map<String, List<String>> headers, String body) {
        String header(String name) {
            return headers.entrySet().stream()
                    .filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(e -> e.getValue().get(0))
                    .findFirst()
                    .orElse(null);
        }
    }

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final Deque<Reply> replies = new ArrayDeque<>();
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final CountDownLatch stopping = new CountDownLatch(1);

    FakeVendor() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::handle);
        server.setExecutor(threads);
        server.start();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    static Reply ok(String body) {
        return new Reply(200, Map.of(), body, false);
    }

    static Reply status(int status, String body) {
        return new Reply(status, Map.of(), body, false);
    }

    static Reply status(int status, Map<String, String> headers, String body) {
        return new Reply(status, headers, body, false);
    }

    static Reply hang() {
        return new Reply(0, Map.of(), "", true);
    }

    FakeVendor then(Reply reply) {
        synchronized (replies) {
            replies.add(reply);
        }
        return this;
    }

    List<Received> received() {
        return received;
    }

    private void handle(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        received.add(new Received(
                exchange.getRequestMethod(),
                exchange.getRequestURI().getPath(),
                Map.copyOf(exchange.getRequestHeaders()),
                body));
        Reply reply;
        synchronized (replies) {
            reply = replies.isEmpty()
                    ? status(500, "{\"error\":{\"type\":\"test_error\",\"message\":\"no reply queued\"}}")
                    : replies.poll();
        }
        if (reply.hang()) {
            try {
                stopping.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
            return;
        }
        byte[] bytes = reply.body().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("content-type", "application/json");
        reply.headers().forEach((k, v) -> exchange.getResponseHeaders().add(k, v));
        exchange.sendResponseHeaders(reply.status(), bytes.length == 0 ? -1 : bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        stopping.countDown();
        server.stop(0);
        threads.shutdownNow();
    }
}
