package svc.http.inference;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import svc.config.Json;
import svc.ml.train.ServedModel;
import svc.ml.train.TrainedModel;

/**
 * svc's inference runtime, what a model's container runs ({@code svc serve-model}): loads a
 * saved model once and answers {@code POST /predict} with {@code {"rows": [{feature: value}]}},
 * plus {@code /healthz} (the process is up) and {@code /livez} (the model is loaded). Rows are
 * read and predicted by {@link ServedModel}, exactly as the platform's inference route does (a
 * model whose fairness mitigation chose per-group thresholds decides with them). A small
 * dependency-free server: the container needs no actor system.
 */
public final class ModelServer implements AutoCloseable {

    /** Rows one request may carry; larger batches belong to batch inference. */
    static final int MAX_ROWS = ServedModel.MAX_ROWS;

    static final int MAX_BODY_BYTES = 16 * 1024 * 1024;

    private static final String NODELAY = "sun.net.httpserver.nodelay";

    private final ServedModel model;
    private final String modelId;
    private final HttpServer server;

    private ModelServer(ServedModel model, String modelId, HttpServer server) {
        this.model = model;
        this.modelId = modelId;
        this.server = server;
    }

    /** Loads the model and starts serving on {@code host:port} (port 0 picks a free one). */
    public static ModelServer start(Path modelDir, String host, int port) throws IOException {
        ServedModel model = ServedModel.load(modelDir);
        // The JDK server writes a response's headers and body in two writes; with Nagle's algorithm
        // on, the body waits for the client's delayed ACK (40 ms on Linux) on every kept-alive
        // connection, which capped one-row predictions at about 25 a second per connection. Its
        // only switch is this property, read once when the first server is made.
        if (System.getProperty(NODELAY) == null) {
            System.setProperty(NODELAY, "true");
        }
        HttpServer server = HttpServer.create(new InetSocketAddress(host, port), 64);
        server.setExecutor(
                Executors.newFixedThreadPool(Math.max(2, Runtime.getRuntime().availableProcessors())));
        ModelServer s = new ModelServer(
                model,
                System.getenv()
                        .getOrDefault("SVC_MODEL_ID", modelDir.getFileName().toString()),
                server);
        server.createContext("/healthz", ex -> s.respond(ex, 200, new Health("ok")));
        server.createContext("/livez", ex -> s.respond(ex, 200, s.describe()));
        server.createContext("/predict", s::predict);
        server.start();
        return s;
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** What {@code /livez} says about the loaded model. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record ModelInfo(
            String status,
            String modelId,
            String learner,
            String task,
            String target,
            List<Feature> features,
            List<String> labels,
            boolean groupThresholds) {}

    record Feature(String name, String type) {}

    /** The answer of {@code /predict}: one prediction per row, in order. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record PredictionList(String modelId, List<ServedModel.Prediction> predictions) {}

    /** Problem details, as the API writes them. */
    record Problem(String type, String title, int status, String detail, String instance) {}

    record Health(String status) {}

    private ModelInfo describe() {
        TrainedModel m = model.model();
        return new ModelInfo(
                "ok",
                modelId,
                m.learner().wireName(),
                m.task().name().toLowerCase(Locale.ROOT),
                m.target(),
                m.features().stream()
                        .map(f -> new Feature(f.name(), f.type().name().toLowerCase(Locale.ROOT)))
                        .toList(),
                m.labels(),
                model.groupThresholds());
    }

    private void predict(HttpExchange ex) throws IOException {
        if (!ex.getRequestMethod().equals("POST")) {
            problem(ex, 405, "method-not-allowed", "use POST with {\"rows\": [...]}");
            return;
        }
        JsonNode body;
        try (InputStream in = ex.getRequestBody()) {
            byte[] bytes = in.readNBytes(MAX_BODY_BYTES + 1);
            if (bytes.length > MAX_BODY_BYTES) {
                problem(
                        ex,
                        413,
                        "payload-too-large",
                        "the body is larger than " + MAX_BODY_BYTES + " bytes; use batch inference");
                return;
            }
            body = Json.parse(new String(bytes, StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            problem(ex, 400, "validation-error", "the body is not JSON: " + e.getMessage());
            return;
        }
        // The same reading and prediction as the platform's inference route (ServedModel).
        List<Map<String, Object>> input;
        try {
            input = model.rows(body.path("rows"));
        } catch (IllegalArgumentException e) {
            problem(ex, 400, "validation-error", e.getMessage());
            return;
        }
        List<ServedModel.Prediction> out;
        try {
            out = model.predict(input);
        } catch (RuntimeException e) {
            problem(ex, 422, "unprocessable", e.getMessage());
            return;
        }
        respond(ex, 200, new PredictionList(modelId, out));
    }

    private void problem(HttpExchange ex, int status, String slug, String detail) throws IOException {
        Problem body = new Problem(
                "https://svc.dev/problems/" + slug,
                slug.replace('-', ' '),
                status,
                detail,
                ex.getRequestURI().getPath());
        respond(ex, status, body, "application/problem+json");
    }

    private void respond(HttpExchange ex, int status, Object body) throws IOException {
        respond(ex, status, body, "application/json");
    }

    private void respond(HttpExchange ex, int status, Object body, String type) throws IOException {
        byte[] bytes = Json.MAPPER.writeValueAsBytes(body);
        ex.getResponseHeaders().set("Content-Type", type);
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(1);
        ((ExecutorService) server.getExecutor()).shutdown();
    }
}
