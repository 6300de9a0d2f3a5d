package svc.http.deployments;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Instant;
import svc.core.deploy.Deployment;
import svc.ml.online.CanaryRule;

/**
 * A deployment as the API answers it: {@code {deployment_id, model, traffic_pct, environment,
 * state, ...}}, {@code model} being the deployed model's id and {@code model_name} the name it is
 * deployed under.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record DeploymentRecord(
        String deploymentId,
        String model,
        String modelName,
        String runId,
        String profile,
        String state,
        int trafficPct,
        String environment,
        CanaryRule canary,
        String createdBy,
        Instant createdAt,
        Instant updatedAt) {

    public static DeploymentRecord of(Deployment d) {
        return new DeploymentRecord(
                d.deploymentId(),
                d.modelId(),
                d.modelName(),
                d.runId(),
                d.profile(),
                d.state(),
                d.trafficPct(),
                d.environment(),
                d.canary(),
                d.createdBy(),
                d.createdAt(),
                d.updatedAt());
    }
}
