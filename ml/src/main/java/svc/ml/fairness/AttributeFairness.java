package svc.ml.fairness;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;

/**
 * Fairness figures of one sensitive attribute.
 *
 * @param attribute                    the attribute's name, e.g. {@code sex}
 * @param groups                       per-group figures, in order of first appearance
 * @param demographicParityDifference  max - min selection rate over groups
 * @param demographicParityRatio       min / max selection rate (1 when nothing is selected at all)
 * @param equalizedOddsDifference      max of the TPR gap and the FPR gap (groups lacking a rate
 *                                     are left out of that gap)
 * @param gatePassed                   whether the parity difference is within the gate threshold
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record AttributeFairness(
        String attribute,
        List<GroupMetrics> groups,
        double demographicParityDifference,
        double demographicParityRatio,
        double equalizedOddsDifference,
        boolean gatePassed) {

    public AttributeFairness {
        groups = List.copyOf(groups);
    }
}
