package svc.http.inference;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import svc.http.server.Fields;

/** The body of {@code POST /api/v1/inference/{model}/feedback}: the request answered and its true label. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
record FeedbackRequest(String requestId, JsonNode label) {

    FeedbackRequest {
        Fields.required("request_id", requestId);
    }
}
