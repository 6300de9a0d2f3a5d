package svc.ml.train;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import svc.config.Json;
import svc.ml.fairness.GroupThresholds;

/**
 * A saved model as the inference runtime serves it: the model of a run's {@code model/} directory
 * and, when a fairness mitigation chose them, the per-group thresholds beside it
 * ({@code thresholds.json}). Rows are JSON objects keyed by raw feature name; what is not a
 * number is read as text, an absent or null value as missing. Used by {@code svc serve-model}
 * and by batch inference, so both predict the same way.
 */
public final class ServedModel {

    /** Rows one request may carry; larger sets belong to batch inference. */
    public static final int MAX_ROWS = 10_000;

    private final TrainedModel model;
    private final GroupThresholds thresholds;

    private ServedModel(TrainedModel model, GroupThresholds thresholds) {
        this.model = model;
        this.thresholds = thresholds;
    }

    /** Class probabilities and the decided label (classification), or a value (regression). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Prediction(Map<String, Double> probabilities, String label, Double value) {}

    public static ServedModel load(Path modelDir) throws IOException {
        TrainedModel model = TrainedModel.load(modelDir);
        Path thresholdFile = modelDir.resolve("thresholds.json");
        GroupThresholds thresholds = Files.exists(thresholdFile)
                ? Json.MAPPER.readValue(Files.readString(thresholdFile), GroupThresholds.class)
                : null;
        return new ServedModel(model, thresholds);
    }

    public TrainedModel model() {
        return model;
    }

    /** Whether a mitigation's per-group thresholds decide the labels. */
    public boolean groupThresholds() {
        return thresholds != null;
    }

    /**
     * The rows of a request body's {@code rows} array, each read by {@link #values}: what
     * {@code svc serve-model} and the platform's inference route both accept. Throws
     * {@link IllegalArgumentException} naming every problem (not an array, empty, too many rows, a
     * row that is not an object).
     */
    public List<Map<String, Object>> rows(JsonNode rows) {
        if (rows == null || !rows.isArray() || rows.isEmpty() || rows.size() > MAX_ROWS) {
            throw new IllegalArgumentException("'rows' must be a non-empty array of at most " + MAX_ROWS + " objects");
        }
        List<Map<String, Object>> input = new ArrayList<>(rows.size());
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            JsonNode row = rows.get(i);
            if (!row.isObject()) {
                problems.add("rows[" + i + "] is not an object");
            } else {
                input.add(values(row));
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
        return input;
    }

    /** One row's raw values in the model's feature order, from a JSON object. */
    public Map<String, Object> values(JsonNode row) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (RawFeature f : model.features()) {
            JsonNode v = row.get(f.name());
            values.put(f.name(), v == null || v.isNull() ? null : v.isNumber() ? (Object) v.asDouble() : v.asText());
        }
        return values;
    }

    /** One prediction per row, in order; rows come from {@link #values}. */
    public List<Prediction> predict(List<Map<String, Object>> rows) {
        Predictions p = model.predictRows(rows);
        List<Prediction> out = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            if (p.probabilities() != null) {
                Map<String, Double> probabilities = new LinkedHashMap<>();
                for (int k = 0; k < model.labels().size(); k++) {
                    probabilities.put(model.labels().get(k), p.probabilities()[i][k]);
                }
                out.add(new Prediction(probabilities, decide(p, i, rows.get(i)), null));
            } else {
                out.add(new Prediction(null, null, p.values()[i]));
            }
        }
        return out;
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
}
