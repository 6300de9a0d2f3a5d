package svc.http.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Instant;
import svc.core.registry.ModelRegistry;

/**
 * A registered model as lists show it: ids, learner (the candidate its run selected), when, the
 * task and target, its headline test figures ({@code test}, null when its run has none for it),
 * the fairness verdict, and whether it is still its run's model ({@code current}).
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ModelRecord(
        String modelId,
        String runId,
        String datasetId,
        String learner,
        Instant createdAt,
        String task,
        String target,
        JsonNode test,
        Boolean fairnessPassed,
        boolean current,
        String runState) {

    static ModelRecord of(ModelRegistry.ModelSummary s) {
        var m = s.model();
        return new ModelRecord(
                m.modelId(),
                m.runId(),
                m.datasetId(),
                m.learner(),
                m.createdAt(),
                s.task(),
                s.target(),
                s.test(),
                s.fairnessPassed(),
                s.current(),
                s.run() == null ? null : s.run().state());
    }
}
