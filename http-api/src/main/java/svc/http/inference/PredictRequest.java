package svc.http.inference;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import svc.http.problem.ApiProblem;

/**
 * The body of {@code POST /api/v1/inference/{model}}: {@code rows}, feature objects keyed by raw
 * feature name; {@code request_id}, which keeps a caller on one deployment while the shares stay
 * (and which feedback names later); without one, the answer carries a new id.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
record PredictRequest(JsonNode rows, String requestId) {

    PredictRequest {
        if (rows == null || !rows.isArray()) {
            throw ApiProblem.badRequest("rows: required, an array of feature objects");
        }
    }
}
