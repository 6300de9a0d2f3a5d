package svc.http.deployments;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;
import svc.core.deploy.DeploymentService;
import svc.http.server.Fields;
import svc.ml.online.CanaryRule;

/**
 * The body of {@code POST /api/v1/deployments/{model}}: the saved model to deploy, as what
 * ({@code champion}, {@code challenger} with its {@code traffic_pct}, or {@code shadow} with the
 * share it mirrors), where ({@code environment}, default {@code production}), and a challenger's
 * canary rule.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
record NewDeployment(String modelId, String role, Integer trafficPct, String environment, CanaryRule canary) {

    NewDeployment {
        Fields.required("model_id", modelId);
        Fields.oneOf("role", role, List.of("champion", "challenger", "shadow"));
    }

    DeploymentService.DeployRequest request(String by) {
        return new DeploymentService.DeployRequest(modelId, role, trafficPct, environment, canary, by);
    }
}
