package svc.ml.train;

/**
 * A linear model: {@code z_k = bias_k + sum_j weights[k][j] x_j}. Binary classification keeps one
 * row (the positive class log-odds, sigmoid link); multi-class keeps one row per class (softmax);
 * regression one row (identity). {@code featureMeans} are the training means of the inputs,
 * the background that linear SHAP values are measured against.
 */
public record LinearModel(Task task, double[][] weights, double[] bias, double[] featureMeans) implements FittedModel {

    @Override
    public double[][] predict(double[][] x) {
        double[][] out = new double[x.length][];
        for (int i = 0; i < x.length; i++) {
            double[] z = scores(x[i]);
            out[i] = switch (task) {
                case BINARY -> {
                    double p = 1 / (1 + Math.exp(-z[0]));
                    yield new double[] {1 - p, p};
                }
                case MULTICLASS -> softmax(z);
                case REGRESSION -> z;
            };
        }
        return out;
    }

    @Override
    public double[] margin(double[][] x, int output) {
        double[] m = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            m[i] = scores(x[i])[task == Task.BINARY ? 0 : output];
        }
        return m;
    }

    double[] scores(double[] row) {
        double[] z = bias.clone();
        for (int k = 0; k < weights.length; k++) {
            double[] w = weights[k];
            for (int j = 0; j < w.length; j++) {
                z[k] += w[j] * row[j];
            }
        }
        return z;
    }

    static double[] softmax(double[] z) {
        double max = Double.NEGATIVE_INFINITY;
        for (double v : z) {
            max = Math.max(max, v);
        }
        double sum = 0;
        double[] p = new double[z.length];
        for (int k = 0; k < z.length; k++) {
            p[k] = Math.exp(z[k] - max);
            sum += p[k];
        }
        for (int k = 0; k < z.length; k++) {
            p[k] /= sum;
        }
        return p;
    }
}
