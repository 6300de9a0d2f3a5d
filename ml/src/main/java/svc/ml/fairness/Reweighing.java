package svc.ml.fairness;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Kamiran and Calders' reweighing: each training row of group g and label y gets the weight
 * P(g)·P(y) / P(g, y), which makes the weighted label independent of the group. The learner is
 * then retrained with these sample weights.
 *
 * <p>The before/after figures are the label-rate parity of the training data, unweighted and
 * weighted (the latter is 0 by construction, up to rounding). What the retrained model does is
 * only known after retraining: audit it again with {@link FairnessAuditor}.
 */
public final class Reweighing {

    private Reweighing() {}

    /** Per-row weights (aligned with the input rows) and the mitigation block. */
    public record Result(double[] sampleWeights, Mitigation mitigation) {}

    public static Result reweigh(String attribute, int[] yTrue, String[] groups) {
        FairnessAuditor.checkLabels("yTrue", yTrue);
        if (groups.length != yTrue.length) {
            throw new IllegalArgumentException("attribute '" + attribute + "': " + groups.length + " group values for "
                    + yTrue.length + " labels; one per row is needed");
        }
        int n = yTrue.length;
        if (n == 0) {
            throw new IllegalArgumentException("reweighing needs at least one training row");
        }
        Map<String, int[]> cells = new LinkedHashMap<>(); // per group: count with label 0, label 1
        int[] labelCounts = new int[2];
        for (int i = 0; i < n; i++) {
            cells.computeIfAbsent(FairnessAuditor.groupOf(groups[i]), g -> new int[2])[yTrue[i]]++;
            labelCounts[yTrue[i]]++;
        }
        Map<String, double[]> weights = new LinkedHashMap<>();
        List<Mitigation.CellWeight> cellWeights = new ArrayList<>();
        Map<String, Double> before = new LinkedHashMap<>();
        Map<String, Double> after = new LinkedHashMap<>();
        cells.forEach((group, counts) -> {
            int groupCount = counts[0] + counts[1];
            double[] w = new double[2];
            for (int label = 0; label < 2; label++) {
                if (counts[label] > 0) {
                    // P(g)P(y)/P(g,y) with counts: (n_g/n)(n_y/n)/(n_gy/n)
                    w[label] = (double) groupCount * labelCounts[label] / ((double) n * counts[label]);
                    cellWeights.add(new Mitigation.CellWeight(group, label, counts[label], w[label]));
                }
            }
            weights.put(group, w);
            before.put(group, (double) counts[1] / groupCount);
            after.put(group, counts[1] * w[1] / (counts[0] * w[0] + counts[1] * w[1]));
        });
        double[] sampleWeights = new double[n];
        for (int i = 0; i < n; i++) {
            sampleWeights[i] = weights.get(FairnessAuditor.groupOf(groups[i]))[yTrue[i]];
        }
        Mitigation mitigation = new Mitigation(
                "reweighing",
                attribute,
                "label rate per group on the training rows, unweighted vs weighted; retrain with the"
                        + " weights and audit the new model for its decision figures",
                new MitigationFigures(spread(before), null, null, before),
                new MitigationFigures(spread(after), null, null, after),
                null,
                cellWeights);
        return new Result(sampleWeights, mitigation);
    }

    static double spread(Map<String, Double> rates) {
        double min =
                rates.values().stream().mapToDouble(Double::doubleValue).min().orElse(0);
        double max =
                rates.values().stream().mapToDouble(Double::doubleValue).max().orElse(0);
        return max - min;
    }
}
