package svc.ml.data;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import svc.ml.eval.Metrics;

/**
 * How well one feature alone predicts the target, measured honestly: the feature is cut into at
 * most {@link #BINS} groups (quantiles for numbers, categories otherwise, missing as a group of its
 * own), each row is scored by its group's target rate learned on the other folds (five-fold,
 * seeded), and the scores are judged like a model's: ROC AUC for a binary target, the
 * prevalence-weighted one-vs-rest AUC for several classes, R² for a number. Out-of-fold scoring
 * keeps identifiers and other near-unique columns at chance instead of a perfect fit. For a numeric
 * feature and a binary target the plain rank AUC is also taken (a threshold between bins is then
 * not missed); for a numeric feature and a numeric target, the squared Pearson correlation.
 */
final class FeatureScreen {

    static final int BINS = 20;
    private static final int FOLDS = 5;
    /** Pseudo-rows of the overall rate mixed into each group's rate, so small groups stay near it. */
    private static final double PRIOR_WEIGHT = 2;

    /** One feature's strength: {@code auc} (classification, else NaN) or {@code r2} (regression, else NaN). */
    record Strength(double auc, double r2) {
        /** The share of the target's variation explained: Gini (2·AUC − 1) for classes, R² for numbers. */
        double skill() {
            return Double.isNaN(auc) ? Math.max(0, r2) : 2 * auc - 1;
        }
    }

    private FeatureScreen() {}

    /**
     * @param classes the target's class per row (0..k-1), or null for a numeric target
     * @param y       the numeric target per row (regression), or null
     */
    static Strength strength(Column feature, int[] classes, int k, double[] y, long seed) {
        int n = feature.size();
        int[] group = groups(feature);
        int[] fold = folds(n, seed);
        if (classes != null) {
            double[][] score = new double[k][n];
            for (int f = 0; f < FOLDS; f++) {
                Map<Integer, double[]> counts = new HashMap<>();
                double[] total = new double[k];
                int rows = 0;
                for (int i = 0; i < n; i++) {
                    if (fold[i] != f) {
                        counts.computeIfAbsent(group[i], g -> new double[k + 1])[classes[i]]++;
                        counts.get(group[i])[k]++;
                        total[classes[i]]++;
                        rows++;
                    }
                }
                for (int i = 0; i < n; i++) {
                    if (fold[i] == f) {
                        double[] c = counts.get(group[i]);
                        double size = c == null ? 0 : c[k];
                        for (int cls = 0; cls < k; cls++) {
                            double prior = rows == 0 ? 0 : total[cls] / rows;
                            double hits = c == null ? 0 : c[cls];
                            score[cls][i] = (hits + PRIOR_WEIGHT * prior) / (size + PRIOR_WEIGHT);
                        }
                    }
                }
            }
            double auc = k == 2 ? auc(classes, 1, score[1]) : weightedAuc(classes, k, score);
            if (k == 2 && feature.isNumericLike()) {
                auc = Math.max(auc, rankAuc(feature, classes));
            }
            return new Strength(auc, Double.NaN);
        }
        double[] predicted = new double[n];
        for (int f = 0; f < FOLDS; f++) {
            Map<Integer, double[]> sums = new HashMap<>();
            double all = 0;
            int rows = 0;
            for (int i = 0; i < n; i++) {
                if (fold[i] != f) {
                    double[] s = sums.computeIfAbsent(group[i], g -> new double[2]);
                    s[0] += y[i];
                    s[1]++;
                    all += y[i];
                    rows++;
                }
            }
            double mean = rows == 0 ? 0 : all / rows;
            for (int i = 0; i < n; i++) {
                if (fold[i] == f) {
                    double[] s = sums.get(group[i]);
                    predicted[i] = s == null ? mean : (s[0] + PRIOR_WEIGHT * mean) / (s[1] + PRIOR_WEIGHT);
                }
            }
        }
        double r2 = Metrics.r2(y, predicted);
        if (feature.isNumericLike()) {
            double r = pearson(feature, y);
            r2 = Math.max(r2, r * r);
        }
        return new Strength(Double.NaN, r2);
    }

    /** Pearson correlation of the feature's numbers with {@code y}, missing rows left out. */
    static double pearson(Column f, double[] y) {
        double sx = 0;
        double sy = 0;
        double sxx = 0;
        double syy = 0;
        double sxy = 0;
        int n = 0;
        for (int i = 0; i < f.size(); i++) {
            double x = f.number(i);
            if (Double.isNaN(x) || Double.isNaN(y[i])) {
                continue;
            }
            n++;
            sx += x;
            sy += y[i];
            sxx += x * x;
            syy += y[i] * y[i];
            sxy += x * y[i];
        }
        if (n < 2) {
            return 0;
        }
        double cov = sxy - sx * sy / n;
        double vx = sxx - sx * sx / n;
        double vy = syy - sy * sy / n;
        return vx <= 0 || vy <= 0 ? 0 : cov / Math.sqrt(vx * vy);
    }

    /** max(AUC, 1 − AUC) of the raw numbers against the positive class; missing rows left out. */
    static double rankAuc(Column feature, int[] classes) {
        int n = 0;
        for (int i = 0; i < feature.size(); i++) {
            if (!Double.isNaN(feature.number(i))) {
                n++;
            }
        }
        if (n == 0) {
            return 0.5;
        }
        boolean[] pos = new boolean[n];
        double[] score = new double[n];
        int j = 0;
        for (int i = 0; i < feature.size(); i++) {
            if (!Double.isNaN(feature.number(i))) {
                pos[j] = classes[i] == 1;
                score[j++] = feature.number(i);
            }
        }
        double auc = Metrics.rocAuc(pos, score);
        return Double.isNaN(auc) ? 0.5 : Math.max(auc, 1 - auc);
    }

    static double auc(int[] classes, int positive, double[] score) {
        boolean[] pos = new boolean[classes.length];
        for (int i = 0; i < pos.length; i++) {
            pos[i] = classes[i] == positive;
        }
        double auc = Metrics.rocAuc(pos, score);
        return Double.isNaN(auc) ? 0.5 : auc;
    }

    private static double weightedAuc(int[] classes, int k, double[][] score) {
        double sum = 0;
        for (int cls = 0; cls < k; cls++) {
            int count = 0;
            for (int c : classes) {
                if (c == cls) {
                    count++;
                }
            }
            sum += auc(classes, cls, score[cls]) * count / classes.length;
        }
        return sum;
    }

    /**
     * Group codes: quantile bins for numbers (each value its own group when few), categories
     * otherwise; missing is -1.
     */
    static int[] groups(Column c) {
        int n = c.size();
        int[] out = new int[n];
        if (c.isNumericLike()) {
            double[] present = new double[n];
            int m = 0;
            for (int i = 0; i < n; i++) {
                if (!Double.isNaN(c.number(i))) {
                    present[m++] = c.number(i);
                }
            }
            double[] sorted = Arrays.copyOf(present, m);
            Arrays.sort(sorted);
            double[] distinct = Arrays.stream(sorted).distinct().toArray();
            double[] edges;
            if (distinct.length <= BINS) {
                edges = distinct;
            } else {
                edges = new double[BINS - 1];
                for (int b = 1; b < BINS; b++) {
                    edges[b - 1] = sorted[(int) ((long) b * (m - 1) / BINS)];
                }
                edges = Arrays.stream(edges).distinct().toArray();
            }
            for (int i = 0; i < n; i++) {
                double x = c.number(i);
                if (Double.isNaN(x)) {
                    out[i] = -1;
                } else {
                    int pos = Arrays.binarySearch(edges, x);
                    out[i] = pos >= 0 ? pos : -pos - 1;
                }
            }
            return out;
        }
        Map<String, Integer> codes = new HashMap<>();
        for (int i = 0; i < n; i++) {
            out[i] = c.isMissing(i) ? -1 : codes.computeIfAbsent(c.value(i), v -> codes.size());
        }
        return out;
    }

    private static int[] folds(int n, long seed) {
        int[] fold = new int[n];
        Random random = new Random(seed);
        for (int i = 0; i < n; i++) {
            fold[i] = random.nextInt(FOLDS);
        }
        return fold;
    }
}
