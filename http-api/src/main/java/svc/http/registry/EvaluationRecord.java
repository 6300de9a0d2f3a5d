package svc.http.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import svc.core.registry.ModelRegistry;

/**
 * A model's figures on one split ({@code test} or {@code validation}): the metrics block of
 * {@code metrics.json}; on the test split also the fairness audit and the drift report (training
 * split against test split); {@code partition} says which rows (dataset hash, seed, sizes).
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
record EvaluationRecord(
        String modelId,
        String runId,
        String split,
        Integer rows,
        JsonNode metrics,
        JsonNode fairness,
        JsonNode drift,
        JsonNode partition) {

    static EvaluationRecord of(ModelRegistry.Evaluation e) {
        return new EvaluationRecord(
                e.modelId(), e.runId(), e.split(), e.rows(), e.metrics(), e.fairness(), e.drift(), e.partition());
    }
}
