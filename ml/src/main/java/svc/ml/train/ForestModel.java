package svc.ml.train;

import java.util.List;

/**
 * A random forest as the average of its trees' leaf values: class probabilities for
 * classification, values for regression. The average of probabilities is also what SHAP
 * explains, so forest SHAP values are in probability units.
 */
public record ForestModel(List<FlatTree> trees, int outputs) implements FittedModel {

    @Override
    public double[][] predict(double[][] x) {
        double[][] out = new double[x.length][outputs];
        for (int i = 0; i < x.length; i++) {
            for (FlatTree t : trees) {
                double[] v = t.value()[t.leafFor(x[i])];
                for (int k = 0; k < outputs; k++) {
                    out[i][k] += v[k];
                }
            }
            for (int k = 0; k < outputs; k++) {
                out[i][k] /= trees.size();
            }
        }
        return out;
    }

    @Override
    public double[] margin(double[][] x, int output) {
        double[][] p = predict(x);
        double[] m = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            m[i] = p[i][output];
        }
        return m;
    }
}
