package svc.ml.eval;

import java.util.Arrays;

/**
 * Metric functions on plain arrays. Classes are integer indices {@code 0..k-1}; for binary tasks
 * class 1 is the positive class and {@code score} is its predicted probability.
 */
public final class Metrics {
    /** Probabilities are clipped to [EPS, 1-EPS] in log loss so one confident mistake stays finite. */
    static final double EPS = 1e-15;

    private Metrics() {}

    public static double accuracy(int[] actual, int[] predicted) {
        checkLengths(actual.length, predicted.length);
        int ok = 0;
        for (int i = 0; i < actual.length; i++) {
            if (actual[i] == predicted[i]) {
                ok++;
            }
        }
        return (double) ok / actual.length;
    }

    /** counts[actual][predicted]. */
    public static int[][] confusion(int[] actual, int[] predicted, int classes) {
        checkLengths(actual.length, predicted.length);
        int[][] m = new int[classes][classes];
        for (int i = 0; i < actual.length; i++) {
            m[actual[i]][predicted[i]]++;
        }
        return m;
    }

    /** Precision of one class; 0 when the class is never predicted. */
    public static double precision(int[][] confusion, int cls) {
        int predicted = 0;
        for (int[] row : confusion) {
            predicted += row[cls];
        }
        return predicted == 0 ? 0 : (double) confusion[cls][cls] / predicted;
    }

    /** Recall of one class; 0 when the class never occurs. */
    public static double recall(int[][] confusion, int cls) {
        int actual = Arrays.stream(confusion[cls]).sum();
        return actual == 0 ? 0 : (double) confusion[cls][cls] / actual;
    }

    public static double f1(int[][] confusion, int cls) {
        double p = precision(confusion, cls);
        double r = recall(confusion, cls);
        return p + r == 0 ? 0 : 2 * p * r / (p + r);
    }

    /**
     * Exact ROC AUC: the probability that a random positive scores above a random negative, ties
     * counting one half (Mann-Whitney U with mid-ranks). NaN if one class is absent.
     */
    public static double rocAuc(boolean[] positive, double[] score) {
        checkLengths(positive.length, score.length);
        int n = score.length;
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(score[a], score[b]));
        double rankSumPos = 0;
        long pos = 0;
        int i = 0;
        while (i < n) {
            int j = i;
            while (j + 1 < n && score[order[j + 1]] == score[order[i]]) {
                j++;
            }
            double midRank = (i + j) / 2.0 + 1; // 1-based mid-rank of the tie block
            for (int k = i; k <= j; k++) {
                if (positive[order[k]]) {
                    rankSumPos += midRank;
                    pos++;
                }
            }
            i = j + 1;
        }
        long neg = n - pos;
        if (pos == 0 || neg == 0) {
            return Double.NaN;
        }
        return (rankSumPos - pos * (pos + 1) / 2.0) / ((double) pos * neg);
    }

    /** Mean negative log-likelihood; {@code proba[i][c]} is the probability of class c for row i. */
    public static double logLoss(int[] actual, double[][] proba) {
        checkLengths(actual.length, proba.length);
        double sum = 0;
        for (int i = 0; i < actual.length; i++) {
            double p = Math.min(1 - EPS, Math.max(EPS, proba[i][actual[i]]));
            sum -= Math.log(p);
        }
        return sum / actual.length;
    }

    /**
     * Reliability bins: [0,0.1), ..., [0.9,1.0] by predicted probability; empty bins are kept with
     * count 0 and NaN means so the array always has {@code bins} entries.
     */
    public static CalibrationBin[] calibration(boolean[] positive, double[] score, int bins) {
        double[] sumPred = new double[bins];
        int[] pos = new int[bins];
        int[] count = new int[bins];
        for (int i = 0; i < score.length; i++) {
            int b = Math.min(bins - 1, Math.max(0, (int) Math.floor(score[i] * bins)));
            sumPred[b] += score[i];
            count[b]++;
            if (positive[i]) {
                pos[b]++;
            }
        }
        CalibrationBin[] out = new CalibrationBin[bins];
        for (int b = 0; b < bins; b++) {
            out[b] = new CalibrationBin(
                    (double) b / bins,
                    (double) (b + 1) / bins,
                    count[b] == 0 ? Double.NaN : sumPred[b] / count[b],
                    count[b] == 0 ? Double.NaN : (double) pos[b] / count[b],
                    count[b]);
        }
        return out;
    }

    public static double rmse(double[] actual, double[] predicted) {
        checkLengths(actual.length, predicted.length);
        double s = 0;
        for (int i = 0; i < actual.length; i++) {
            double d = actual[i] - predicted[i];
            s += d * d;
        }
        return Math.sqrt(s / actual.length);
    }

    public static double mae(double[] actual, double[] predicted) {
        checkLengths(actual.length, predicted.length);
        double s = 0;
        for (int i = 0; i < actual.length; i++) {
            s += Math.abs(actual[i] - predicted[i]);
        }
        return s / actual.length;
    }

    /** Coefficient of determination; 1 - SSres/SStot (negative when worse than the mean). */
    public static double r2(double[] actual, double[] predicted) {
        checkLengths(actual.length, predicted.length);
        double mean = Arrays.stream(actual).average().orElse(Double.NaN);
        double ssRes = 0;
        double ssTot = 0;
        for (int i = 0; i < actual.length; i++) {
            ssRes += (actual[i] - predicted[i]) * (actual[i] - predicted[i]);
            ssTot += (actual[i] - mean) * (actual[i] - mean);
        }
        return ssTot == 0 ? Double.NaN : 1 - ssRes / ssTot;
    }

    /** Index of the largest probability (first on ties). */
    public static int argmax(double[] p) {
        int best = 0;
        for (int i = 1; i < p.length; i++) {
            if (p[i] > p[best]) {
                best = i;
            }
        }
        return best;
    }

    private static void checkLengths(int a, int b) {
        if (a != b) {
            throw new IllegalArgumentException("length mismatch: " + a + " actual values vs " + b + " predictions");
        }
        if (a == 0) {
            throw new IllegalArgumentException("no rows to evaluate");
        }
    }
}
