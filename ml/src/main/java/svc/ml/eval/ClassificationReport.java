package svc.ml.eval;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * Classification metrics on one split. For binary tasks precision/recall/F1 are of the positive
 * class and {@code calibration} is filled; for multi-class they are macro averages, AUC is the
 * macro one-vs-rest AUC and calibration is omitted.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ClassificationReport(
        int rows,
        double accuracy,
        double precision,
        double recall,
        double f1,
        @JsonProperty("roc_auc") double rocAuc,
        @JsonProperty("log_loss") double logLoss,
        List<String> labels,
        @JsonProperty("confusion_matrix") int[][] confusionMatrix,
        List<CalibrationBin> calibration)
        implements SplitMetrics {

    /** Computes every metric from class indices and class probabilities. */
    public static ClassificationReport of(int[] actual, double[][] proba, List<String> labels) {
        int k = labels.size();
        int[] predicted = new int[actual.length];
        for (int i = 0; i < actual.length; i++) {
            predicted[i] = Metrics.argmax(proba[i]);
        }
        int[][] cm = Metrics.confusion(actual, predicted, k);
        double logLoss = Metrics.logLoss(actual, proba);
        double acc = Metrics.accuracy(actual, predicted);
        if (k == 2) {
            boolean[] pos = new boolean[actual.length];
            double[] score = new double[actual.length];
            for (int i = 0; i < actual.length; i++) {
                pos[i] = actual[i] == 1;
                score[i] = proba[i][1];
            }
            return new ClassificationReport(
                    actual.length,
                    acc,
                    Metrics.precision(cm, 1),
                    Metrics.recall(cm, 1),
                    Metrics.f1(cm, 1),
                    Metrics.rocAuc(pos, score),
                    logLoss,
                    labels,
                    cm,
                    List.of(Metrics.calibration(pos, score, 10)));
        }
        double p = 0;
        double r = 0;
        double f = 0;
        double auc = 0;
        int aucClasses = 0;
        for (int c = 0; c < k; c++) {
            p += Metrics.precision(cm, c);
            r += Metrics.recall(cm, c);
            f += Metrics.f1(cm, c);
            boolean[] pos = new boolean[actual.length];
            double[] score = new double[actual.length];
            for (int i = 0; i < actual.length; i++) {
                pos[i] = actual[i] == c;
                score[i] = proba[i][c];
            }
            double a = Metrics.rocAuc(pos, score);
            if (!Double.isNaN(a)) {
                auc += a;
                aucClasses++;
            }
        }
        return new ClassificationReport(
                actual.length,
                acc,
                p / k,
                r / k,
                f / k,
                aucClasses == 0 ? Double.NaN : auc / aucClasses,
                logLoss,
                labels,
                cm,
                null);
    }
}
