package svc.http.inference;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.entity;
import static org.apache.pekko.http.javadsl.server.Directives.onSuccess;

import java.util.List;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.Route;
import svc.core.deploy.InferenceService;
import svc.governance.permission.Role;
import svc.http.server.Call;
import svc.http.server.Endpoint;
import svc.http.server.Endpoint.Doc;
import svc.http.server.JsonSupport;

/**
 * Online predictions of a model name ({@code POST /api/v1/inference/{model}}: answered by the
 * champion or a challenger by traffic share, mirrored to shadows) and the feedback that joins
 * ground truth to an answer. Operators and above: a prediction is stored and feeds the canary rule.
 */
public final class InferenceEndpoints {

    private final InferenceService inference;

    public InferenceEndpoints(InferenceService inference) {
        this.inference = inference;
    }

    public List<Endpoint> endpoints() {
        return List.of(
                new Endpoint(
                        "POST",
                        "/api/v1/inference/{model}",
                        Role.OPERATOR,
                        "inference.predict",
                        Doc.of(
                                        "inference",
                                        "Predict rows with the name's champion or a challenger (by traffic share,"
                                                + " sticky per request_id); shadows get a copy",
                                        "PredictionAnswer")
                                .body("PredictRequest")
                                .errors(400, 401, 403, 404, 409, 422, 429),
                        this::predict),
                new Endpoint(
                        "POST",
                        "/api/v1/inference/{model}/feedback",
                        Role.OPERATOR,
                        "inference.feedback",
                        Doc.of(
                                        "inference",
                                        "Join the true label to an answered request (live metrics, canary rule)",
                                        "FeedbackAnswer")
                                .body("FeedbackRequest")
                                .errors(400, 401, 403, 404, 409, 429),
                        this::feedback));
    }

    private Route predict(Call call) {
        return entity(
                JsonSupport.body(PredictRequest.class),
                body -> onSuccess(
                        inference.predict(call.param("model"), body.rows(), body.requestId()),
                        a -> complete(StatusCodes.OK, PredictionAnswer.of(a), JsonSupport.json())));
    }

    private Route feedback(Call call) {
        return entity(
                JsonSupport.body(FeedbackRequest.class),
                body -> onSuccess(
                        inference.feedback(call.param("model"), body.requestId(), body.label()),
                        f -> complete(StatusCodes.OK, FeedbackAnswer.of(f), JsonSupport.json())));
    }
}
