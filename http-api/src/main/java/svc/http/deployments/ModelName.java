package svc.http.deployments;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Instant;
import svc.core.deploy.DeploymentService;

/** A model name in the list: its champion (or null), its live challengers and shadows, its last change. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
record ModelName(String model, DeploymentRecord champion, int challengers, int shadows, Instant updatedAt) {

    static ModelName of(DeploymentService.NameSummary s) {
        return new ModelName(
                s.model(),
                s.champion() == null ? null : DeploymentRecord.of(s.champion()),
                s.challengers(),
                s.shadows(),
                s.updatedAt());
    }
}
