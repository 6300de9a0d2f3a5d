package svc.http.inference;

import com.fasterxml.jackson.annotation.JsonInclude;
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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import svc.config.Json;
import svc.ml.fairness.GroupThresholds;
import svc.ml.train.Predictions;
import svc.ml.train.RawFeature;
import svc.ml.train.TrainedModel;

/**
 * svc's inference runtime, what a model's container runs ({@code svc serve-model}): loads a
 * saved model once and answers {@code POST /predict} with {@code {"rows": [{feature: value}]}},
 * plus {@code /healthz} (the process is up) and {@code /livez} (the model is loaded). A model
 * whose fairness mitigation chose per-group thresholds ({@code thresholds.json} beside it)
 * decides with them. A small dependency-free server: the container needs no actor system.
 */
public final class ModelServer implements AutoCloseable {

    /** Rows one request may carry; larger batches belong to batch inference. */
    static final int MAX_ROWS = 10_000;

    static final int MAX_BODY_BYTES = 16 * 1024 * 1024;

    private final TrainedModel model;
    private final GroupThresholds thresholds;
    private final String modelId;
    private final HttpServer server;

    private ModelServer(TrainedModel model, GroupThresholds thresholds, String modelId, HttpServer server) {
        this.model = model;
        this.thresholds = thresholds;
        this.modelId = modelId;
        this.server = server;
    }

    /** Loads the model and starts serving on {@code host:port} (port 0 picks a free one). */
    public static ModelServer start(Path modelDir, String host, int port) throws IOException {
        TrainedModel model = TrainedModel.load(modelDir);
        Path thresholdFile = modelDir.resolve("thresholds.json");
        GroupThresholds thresholds = Files.exists(thresholdFile)
                ? Json.MAPPER.readValue(Files.readString(thresholdFile), GroupThresholds.class)
                : null;
        HttpServer server = HttpServer.create(new InetSocketAddress(host, port), 64);
        server.setExecutor(
                Executors.newFixedThreadPool(Math.max(2, Runtime.getRuntime().availableProcessors())));
        ModelServer s = new ModelServer(
                model,
                thresholds,
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
    record PredictionList(String modelId, List<Prediction> predictions) {}

    /** Class probabilities and the decided label (classification), or a value (regression). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Prediction(Map<String, Double> probabilities, String label, Double value) {}

    /** Problem details, as the API writes them. */
    record Problem(String type, String title, int status, String detail, String instance) {}

    record Health(String status) {}

    private ModelInfo describe() {
        return new ModelInfo(
                "ok",
                modelId,
                model.learner().wireName(),
                model.task().name().toLowerCase(Locale.ROOT),
                model.target(),
                model.features().stream()
                        .map(f -> new Feature(f.name(), f.type().name().toLowerCase(Locale.ROOT)))
                        .toList(),
                model.labels(),
                thresholds != null);
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
        JsonNode rows = body.path("rows");
        if (!rows.isArray() || rows.isEmpty() || rows.size() > MAX_ROWS) {
            problem(
                    ex,
                    400,
                    "validation-error",
                    "'rows' must be a non-empty array of at most " + MAX_ROWS + " objects");
            return;
        }
        List<Map<String, Object>> input = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            JsonNode row = rows.get(i);
            if (!row.isObject()) {
                problems.add("rows[" + i + "] is not an object");
                continue;
            }
            Map<String, Object> values = new LinkedHashMap<>();
            for (RawFeature f : model.features()) {
                JsonNode v = row.get(f.name());
                values.put(
                        f.name(), v == null || v.isNull() ? null : v.isNumber() ? (Object) v.asDouble() : v.asText());
            }
            input.add(values);
        }
        if (!problems.isEmpty()) {
            problem(ex, 400, "validation-error", String.join("; ", problems));
            return;
        }
        Predictions p;
        try {
            p = model.predictRows(input);
        } catch (RuntimeException e) {
            problem(ex, 422, "unprocessable", e.getMessage());
            return;
        }
        List<Prediction> out = new ArrayList<>();
        for (int i = 0; i < input.size(); i++) {
            if (p.probabilities() != null) {
                Map<String, Double> probabilities = new LinkedHashMap<>();
                for (int k = 0; k < model.labels().size(); k++) {
                    probabilities.put(model.labels().get(k), p.probabilities()[i][k]);
                }
                out.add(new Prediction(probabilities, decide(p, i, input.get(i)), null));
            } else {
                out.add(new Prediction(null, null, p.values()[i]));
            }
        }
        respond(ex, 200, new PredictionList(modelId, out));
    }

    /** The predicted label, with the row's group threshold when a mitigation chose them. */
    private String decide(Predictions p, int row, Map<String, Object> values) {
        if (thresholds == null || model.labels().size() != 2) {
            return p.predicted()[row];
        }
        Object group = values.get(thresholds.attribute());
        int decision = thresholds
                .apply(new double[] {p.probabilities()[row][1]}, new String[] {group == null ? null : group.toString()
                })[0];
        return model.labels().get(decision);
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
