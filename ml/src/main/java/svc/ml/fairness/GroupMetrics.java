package svc.ml.fairness;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * Decision figures of one group of one sensitive attribute. Rates whose denominator is empty
 * (a group without positives has no true-positive rate) are {@code null}, not 0: a missing rate
 * must not look like a perfectly fair or perfectly unfair one.
 *
 * @param group          the group's value, e.g. {@code Female} or {@code 25-40}
 * @param count          rows in the group
 * @param positives      rows whose true label is 1
 * @param selected       rows predicted 1
 * @param selectionRate  selected / count
 * @param baseRate       positives / count (the label rate)
 * @param tpr            true-positive rate, or null without positives
 * @param fpr            false-positive rate, or null without negatives
 * @param precision      precision, or null when nothing was selected
 * @param accuracy       share of correct decisions in the group
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record GroupMetrics(
        String group,
        int count,
        int positives,
        int selected,
        double selectionRate,
        double baseRate,
        Double tpr,
        Double fpr,
        Double precision,
        double accuracy) {

    static GroupMetrics of(String group, int tp, int fp, int tn, int fn) {
        int count = tp + fp + tn + fn;
        int positives = tp + fn;
        int negatives = fp + tn;
        int selected = tp + fp;
        return new GroupMetrics(
                group,
                count,
                positives,
                selected,
                ratio(selected, count),
                ratio(positives, count),
                positives == 0 ? null : ratio(tp, positives),
                negatives == 0 ? null : ratio(fp, negatives),
                selected == 0 ? null : ratio(tp, selected),
                ratio(tp + tn, count));
    }

    private static double ratio(int numerator, int denominator) {
        return denominator == 0 ? 0.0 : (double) numerator / denominator;
    }
}
