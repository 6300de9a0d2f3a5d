package svc.ml.eval;

/** Regression metrics on one split. */
public record RegressionReport(int rows, double rmse, double mae, double r2) implements SplitMetrics {
    public static RegressionReport of(double[] actual, double[] predicted) {
        return new RegressionReport(
                actual.length,
                Metrics.rmse(actual, predicted),
                Metrics.mae(actual, predicted),
                Metrics.r2(actual, predicted));
    }
}
