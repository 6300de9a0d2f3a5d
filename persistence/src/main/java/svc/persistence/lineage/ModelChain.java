package svc.persistence.lineage;

import java.time.Instant;
import java.util.List;

/**
 * A model's lineage from end to end: the dataset it was trained on (null once erased), the model
 * and every deployment of it, oldest first.
 */
public record ModelChain(DatasetRow dataset, ModelRow model, List<Deployment> deployments) {

    public ModelChain {
        deployments = List.copyOf(deployments);
    }

    /** One row of {@code lineage_deployments}. */
    public record Deployment(String deploymentId, String environment, Integer trafficPct, Instant createdAt) {}
}
