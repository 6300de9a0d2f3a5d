package svc.ml.eval;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.util.List;
import java.util.Map;
import svc.config.Json;

/**
 * The {@code metrics.json} document: the chosen model, its test and validation metrics, and every
 * search candidate with its validation metrics.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MetricsReport(
        String task, ModelRef model, SplitMetrics test, SplitMetrics validation, List<Candidate> candidates) {

    /** A learner and its hyper-parameters. */
    public record ModelRef(String learner, Map<String, Object> params) {}

    /** One hyper-parameter candidate tried during the search. */
    public record Candidate(String learner, Map<String, Object> params, SplitMetrics validation) {}

    public String toJson() {
        try {
            // NaN (e.g. AUC with one class) is written as "NaN"
            return Json.pretty().writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("metrics report is not serializable", e);
        }
    }
}
