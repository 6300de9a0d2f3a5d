package svc.ml.train;

import java.util.List;

/**
 * Encoded training inputs for one fit.
 *
 * @param x        rows of encoded features
 * @param classes  class index per row (classification), else null
 * @param target   target value per row (regression), else null
 * @param weights  per-row sample weights, or null for all ones
 * @param features encoded feature names, aligned with the columns of {@code x}
 * @param classCount number of classes (1 for regression)
 */
public record FitData(
        double[][] x, int[] classes, double[] target, double[] weights, List<String> features, int classCount) {
    public int rows() {
        return x.length;
    }

    public double weight(int row) {
        return weights == null ? 1.0 : weights[row];
    }
}
