package svc.ml.explain;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import svc.config.Json;
import svc.ml.data.Preprocessor;

/**
 * The {@code shap.json} document on raw input columns: the SHAP values of all encoded inputs
 * that came from one raw column (e.g. every {@code sex=...} one-hot input) are summed, which
 * keeps additivity. Global importance is the mean absolute raw-column value over all explained
 * rows, sorted descending; {@code rows} holds the first {@code sampleRows} rows.
 */
public record ShapReport(
        @JsonProperty("base_value") double baseValue,
        @JsonProperty("output_unit") String outputUnit,
        List<String> features,
        @JsonProperty("global_importance") List<Importance> globalImportance,
        List<RowValues> rows) {

    /** One raw column's mean |SHAP|. */
    public record Importance(
            String feature, @JsonProperty("mean_abs_shap") double meanAbsShap) {}

    /**
     * One explained row: its index in the explained batch, the model output and per-column values,
     * written in the order of {@code features} rather than sorted.
     */
    public record RowValues(
            int row,
            double output,

            @JsonSerialize(using = Json.InsertionOrder.class)
            Map<String, Double> values) {}

    /** Per-row values on raw columns, {@code [rows][rawColumns]}. */
    public static double[][] toRaw(ShapValues v, Preprocessor pre) {
        int[] rawOf = pre.rawIndexOfFeature();
        int rawCount = pre.rawColumns().size();
        double[][] out = new double[v.values().length][rawCount];
        for (int i = 0; i < out.length; i++) {
            for (int j = 0; j < rawOf.length; j++) {
                out[i][rawOf[j]] += v.values()[i][j];
            }
        }
        return out;
    }

    public static ShapReport of(ShapValues v, Preprocessor pre, int sampleRows) {
        List<String> raw = pre.rawColumns();
        double[][] values = toRaw(v, pre);
        double[] meanAbs = new double[raw.size()];
        for (double[] row : values) {
            for (int j = 0; j < row.length; j++) {
                meanAbs[j] += Math.abs(row[j]) / values.length;
            }
        }
        List<Importance> global = new ArrayList<>();
        for (int j = 0; j < raw.size(); j++) {
            global.add(new Importance(raw.get(j), meanAbs[j]));
        }
        global.sort(Comparator.comparingDouble(Importance::meanAbsShap).reversed());
        List<RowValues> rows = new ArrayList<>();
        for (int i = 0; i < Math.min(sampleRows, values.length); i++) {
            Map<String, Double> m = new LinkedHashMap<>();
            for (int j = 0; j < raw.size(); j++) {
                m.put(raw.get(j), values[i][j]);
            }
            rows.add(new RowValues(i, v.output()[i], m));
        }
        return new ShapReport(v.base(), v.outputUnit(), raw, global, rows);
    }

    public String toJson() {
        try {
            return Json.pretty().writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("SHAP report is not serializable", e);
        }
    }
}
