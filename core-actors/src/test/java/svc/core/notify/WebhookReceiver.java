package svc.core.notify;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import svc.config.Json;

/**
 * A webhook receiver for tests: a JDK HTTP server on 127.0.0.1 (port 0) that keeps every request
 * (headers and the exact body bytes) and answers with the statuses queued in {@link #answers},
 * then 200.
 */
final class WebhookReceiver implements AutoCloseable {

    /** One request as it arrived. */
    record Received(String path, Map<String, List<String>> headers, byte[] body) {

        String header(String name) {
            return headers.entrySet().stream()
                    .filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(e -> e.getValue().get(0))
                    .findFirst()
                    .orElse(null);
        }

        JsonNode json() {
            return Json.parse(new String(body, StandardCharsets.UTF_8));
        }

        /** Whether the signature header is HMAC-SHA256 of the exact body under {@code secret}, computed here. */
        boolean signedWith(String secret) throws Exception {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            StringBuilder hex = new StringBuilder("sha256=");
            for (byte b : mac.doFinal(body)) {
                hex.append(String.format("%02x", b));
            }
            return hex.toString().equals(header("X-Svc-Signature"));
        }
    }

    final Queue<Integer> answers = new ConcurrentLinkedQueue<>();
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final HttpServer server;

    WebhookReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    List<Received> received() {
        return new ArrayList<>(received);
    }

    private void handle(HttpExchange ex) throws IOException {
        byte[] body;
        try (InputStream in = ex.getRequestBody()) {
            body = in.readAllBytes();
        }
        received.add(new Received(ex.getRequestURI().getPath(), Map.copyOf(ex.getRequestHeaders()), body));
        Integer status = answers.poll();
        byte[] reply = (status == null || status < 300 ? "ok" : "not now").getBytes(StandardCharsets.UTF_8);
        ex.sendResponseHeaders(status == null ? 200 : status, reply.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(reply);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
