package svc.http.inference;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import svc.core.deploy.InferenceService;

/**
 * Feedback joined: the answer's deployment, whether it was right (null for a regression), and how
 * many stored answers got the label.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
record FeedbackAnswer(String model, String requestId, String deploymentId, Boolean correct, int labelled) {

    static FeedbackAnswer of(InferenceService.Feedback f) {
        return new FeedbackAnswer(f.model(), f.requestId(), f.deploymentId(), f.correct(), f.labelled());
    }
}
