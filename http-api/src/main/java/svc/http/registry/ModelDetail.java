package svc.http.registry;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Instant;
import java.util.List;
import svc.core.registry.ModelRegistry;
import svc.http.datasets.DatasetRecord;
import svc.persistence.lineage.ModelChain;
import svc.persistence.runs.RunRow;

/**
 * {@code GET /api/v1/models/{model_id}}: the model's list fields, then {@code metrics} (its run's
 * {@code metrics.json}: test and validation figures, candidates, split), {@code fairness}
 * ({@code fairness.json}), {@code model_card} (Markdown), {@code run}, {@code dataset},
 * {@code lineage} (dataset → model → deployments) and {@code split}; {@code note} says why figures
 * are missing.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
record ModelDetail(
        @JsonUnwrapped ModelRecord model,
        JsonNode metrics,
        JsonNode fairness,
        String modelCard,
        RunRef run,
        DatasetRecord dataset,
        Lineage lineage,
        JsonNode split,
        String note) {

    /** The run that trained the model. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record RunRef(
            String runId,
            String state,
            String template,
            String profile,
            String problem,
            String datasetPath,
            Instant createdAt,
            Instant updatedAt,
            double costUsd) {

        static RunRef of(RunRow r) {
            return r == null
                    ? null
                    : new RunRef(
                            r.runId(),
                            r.state(),
                            r.template(),
                            r.profile(),
                            r.problem(),
                            r.datasetPath(),
                            r.createdAt(),
                            r.updatedAt(),
                            r.costUsd());
        }
    }

    /** The lineage chain (G14): the dataset (null once erased), the model, its deployments. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Lineage(DatasetLink dataset, ModelLink model, List<DeploymentLink> deployments) {}

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record DatasetLink(String datasetId, String uri, String sha256, String consentDocRef) {}

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record ModelLink(String modelId, String runId, String learner) {}

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record DeploymentLink(String deploymentId, String environment, Integer trafficPct, Instant createdAt) {}

    static ModelDetail of(ModelRegistry.ModelDetail d) {
        ModelChain chain = d.lineage();
        var ds = chain.dataset();
        return new ModelDetail(
                ModelRecord.of(d.summary()),
                d.metrics(),
                d.fairness(),
                d.modelCard(),
                RunRef.of(d.summary().run()),
                ds == null ? null : DatasetRecord.of(ds),
                new Lineage(
                        ds == null ? null : new DatasetLink(ds.datasetId(), ds.uri(), ds.sha256(), ds.consentDocRef()),
                        new ModelLink(
                                chain.model().modelId(),
                                chain.model().runId(),
                                chain.model().learner()),
                        chain.deployments().stream()
                                .map(x -> new DeploymentLink(
                                        x.deploymentId(), x.environment(), x.trafficPct(), x.createdAt()))
                                .toList()),
                d.partition(),
                d.note());
    }
}
