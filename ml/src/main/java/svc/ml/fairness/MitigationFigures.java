package svc.ml.fairness;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.Map;

/**
 * Fairness figures on one side (before or after) of a mitigation.
 *
 * @param demographicParityDifference max - min of the per-group rates in {@code groupRates}
 * @param equalizedOddsDifference     max of TPR and FPR gaps; null when the figure does not apply
 *                                    (reweighing changes training data, not decisions)
 * @param accuracy                    share of correct decisions; null when not applicable
 * @param groupRates                  per-group selection rate (decisions) or label rate (weights)
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MitigationFigures(
        double demographicParityDifference,
        Double equalizedOddsDifference,
        Double accuracy,
        Map<String, Double> groupRates) {

    public MitigationFigures {
        groupRates = Map.copyOf(groupRates);
    }
}
