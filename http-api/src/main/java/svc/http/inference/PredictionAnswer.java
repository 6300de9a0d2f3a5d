package svc.http.inference;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;
import svc.core.deploy.InferenceService;
import svc.ml.train.ServedModel;

/**
 * The answer of {@code POST /api/v1/inference/{model}}: which deployment answered (and its state,
 * {@code active} or {@code challenger}), the request id, and one prediction per row in order.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
record PredictionAnswer(
        String model,
        String deploymentId,
        String modelId,
        String state,
        String requestId,
        List<ServedModel.Prediction> predictions) {

    static PredictionAnswer of(InferenceService.Answer a) {
        return new PredictionAnswer(
                a.model(), a.deploymentId(), a.modelId(), a.state(), a.requestId(), a.predictions());
    }
}
