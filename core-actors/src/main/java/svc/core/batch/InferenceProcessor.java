package svc.core.batch;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import svc.config.Json;
import svc.ml.train.ServedModel;

/**
 * {@code inference}: each record is a row of raw features for the run's saved model, predicted as
 * {@code svc serve-model} predicts it ({@link ServedModel}). A chunk's valid rows go to the model in
 * one call; when that call fails, each row is tried alone so the error lands on its own line.
 */
final class InferenceProcessor implements RecordProcessor {

    private final ServedModel model;

    InferenceProcessor(ServedModel model) {
        this.model = model;
    }

    @Override
    public boolean oneByOne() {
        return false;
    }

    @Override
    public Outcome process(JsonNode record) {
        return processAll(List.of(record)).get(0);
    }

    @Override
    public List<Outcome> processAll(List<JsonNode> records) {
        Outcome[] out = new Outcome[records.size()];
        List<Map<String, Object>> rows = new ArrayList<>();
        List<Integer> at = new ArrayList<>();
        for (int i = 0; i < records.size(); i++) {
            JsonNode r = records.get(i);
            if (!r.isObject()) {
                out[i] = Outcome.error("a record must be a JSON object of feature values");
            } else {
                rows.add(model.values(r));
                at.add(i);
            }
        }
        if (!rows.isEmpty()) {
            try {
                List<ServedModel.Prediction> predictions = model.predict(rows);
                for (int k = 0; k < rows.size(); k++) {
                    out[at.get(k)] = Outcome.ok(Json.MAPPER.valueToTree(predictions.get(k)));
                }
            } catch (RuntimeException chunkFailed) {
                for (int k = 0; k < rows.size(); k++) {
                    out[at.get(k)] = one(rows.get(k));
                }
            }
        }
        return List.of(out);
    }

    private Outcome one(Map<String, Object> row) {
        try {
            return Outcome.ok(
                    Json.MAPPER.valueToTree(model.predict(List.of(row)).get(0)));
        } catch (RuntimeException e) {
            return Outcome.error(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        }
    }
}
