package svc.ml.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Metric functions against small cases worked out by hand. */
class MetricsTest {
    @Test
    void aucCountsPairsAndHalvesTies() {
        // positives 0.9, 0.5; negatives 0.5, 0.1: pairs (0.9>0.5) (0.9>0.1) (0.5=0.5 -> 1/2) (0.5>0.1) = 3.5/4
        boolean[] pos = {true, true, false, false};
        double[] s = {0.9, 0.5, 0.5, 0.1};
        assertThat(Metrics.rocAuc(pos, s)).isEqualTo(0.875);
        assertThat(Metrics.rocAuc(pos, new double[] {0.1, 0.2, 0.8, 0.9})).isEqualTo(0.0);
        assertThat(Metrics.rocAuc(pos, new double[] {0.3, 0.3, 0.3, 0.3})).isEqualTo(0.5);
        assertThat(Metrics.rocAuc(new boolean[] {true, true}, new double[] {0.1, 0.2}))
                .isNaN();
    }

    @Test
    void confusionPrecisionRecallF1() {
        int[] actual = {1, 1, 1, 0, 0, 0, 0, 1};
        int[] predicted = {1, 1, 0, 1, 0, 0, 0, 1};
        int[][] cm = Metrics.confusion(actual, predicted, 2);
        assertThat(cm).isDeepEqualTo(new int[][] {{3, 1}, {1, 3}});
        assertThat(Metrics.accuracy(actual, predicted)).isEqualTo(0.75);
        assertThat(Metrics.precision(cm, 1)).isEqualTo(0.75);
        assertThat(Metrics.recall(cm, 1)).isEqualTo(0.75);
        int[][] skew = {{5, 0}, {2, 1}}; // tp=1, fp=0, fn=2
        assertThat(Metrics.precision(skew, 1)).isEqualTo(1.0);
        assertThat(Metrics.recall(skew, 1)).isCloseTo(1.0 / 3, within(1e-15));
        assertThat(Metrics.f1(skew, 1)).isCloseTo(0.5, within(1e-15));
    }

    @Test
    void logLossAndCalibration() {
        int[] actual = {1, 0};
        double[][] p = {{0.2, 0.8}, {0.6, 0.4}};
        assertThat(Metrics.logLoss(actual, p)).isCloseTo(-(Math.log(0.8) + Math.log(0.6)) / 2, within(1e-15));
        assertThat(Metrics.logLoss(new int[] {1}, new double[][] {{1, 0}}))
                .isCloseTo(-Math.log(Metrics.EPS), within(1e-9));
        CalibrationBin[] bins =
                Metrics.calibration(new boolean[] {true, false, true, true}, new double[] {0.05, 0.15, 0.95, 1.0}, 10);
        assertThat(bins).hasSize(10);
        assertThat(bins[0].count()).isEqualTo(1);
        assertThat(bins[0].observedRate()).isEqualTo(1.0);
        assertThat(bins[1].observedRate()).isEqualTo(0.0);
        assertThat(bins[9].count()).isEqualTo(2); // 1.0 belongs to the last bin
        assertThat(bins[9].meanPredicted()).isCloseTo(0.975, within(1e-15));
        assertThat(bins[5].count()).isZero();
    }

    @Test
    void regressionMetrics() {
        double[] y = {1, 2, 3, 4};
        double[] f = {1, 2, 4, 2};
        assertThat(Metrics.rmse(y, f)).isCloseTo(Math.sqrt(5.0 / 4), within(1e-15));
        assertThat(Metrics.mae(y, f)).isEqualTo(0.75);
        assertThat(Metrics.r2(y, f)).isCloseTo(1 - 5.0 / 5.0, within(1e-15));
        assertThat(Metrics.r2(y, y)).isEqualTo(1.0);
    }

    @Test
    void multiclassReportUsesMacroAverages() {
        int[] actual = {0, 1, 2, 2};
        double[][] p = {{0.7, 0.2, 0.1}, {0.1, 0.3, 0.6}, {0.1, 0.1, 0.8}, {0.2, 0.5, 0.3}};
        ClassificationReport r = ClassificationReport.of(actual, p, List.of("a", "b", "c"));
        // predicted 0, 2, 2, 1: per-class precision 1, 0, 1/2; recall 1, 0, 1/2
        assertThat(r.accuracy()).isEqualTo(0.5);
        assertThat(r.precision()).isCloseTo(0.5, within(1e-15));
        assertThat(r.recall()).isCloseTo(0.5, within(1e-15));
        assertThat(r.calibration()).isNull();
        String json = new MetricsReport(
                        "multiclass", new MetricsReport.ModelRef("xgboost", Map.of("eta", 0.1)), r, r, List.of())
                .toJson();
        assertThat(json)
                .contains(
                        "\"task\" : \"multiclass\"",
                        "\"roc_auc\"",
                        "\"confusion_matrix\"",
                        "\"learner\" : \"xgboost\"");
    }
}
