package svc.ml.fairness;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;
import java.util.Map;

/**
 * The {@code mitigation} block of {@code fairness.json}: what was done, for which attribute, and
 * the figures before and after.
 *
 * @param method          {@code reweighing} or {@code group_thresholds}
 * @param attribute       the sensitive attribute mitigated
 * @param basis           what the figures are measured on, in words (a reader must not mistake
 *                        a training-data figure for a model figure)
 * @param before          figures without the mitigation
 * @param after           figures with it
 * @param groupThresholds per-group decision thresholds ({@code group_thresholds} only)
 * @param cellWeights     the weight of each (group, label) cell ({@code reweighing} only)
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Mitigation(
        String method,
        String attribute,
        String basis,
        MitigationFigures before,
        MitigationFigures after,
        Map<String, Double> groupThresholds,
        List<CellWeight> cellWeights) {

    /** One (group, label) cell of reweighing: its row count and the weight each of its rows gets. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record CellWeight(String group, int label, int count, double weight) {}
}
