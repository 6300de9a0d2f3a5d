package svc.ml.data;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import svc.ml.eval.Metrics;

/**
 * Flags features that alone predict the target almost perfectly: an exact copy (under any
 * relabelling), a numeric feature whose single-feature ROC AUC is at least {@link #AUC_LIMIT}
 * (binary targets), a numeric feature with |Pearson r| of at least {@link #CORRELATION_LIMIT} with a
 * numeric target of many values, or a categorical feature whose categories map almost one-to-one onto target
 * classes (row-weighted purity at least {@link #PURITY_LIMIT}). Identifier-like columns, where
 * nearly every value is unique, are pure by construction and are not reported as leakage.
 */
public final class LeakageDetector {
    public static final double AUC_LIMIT = 0.98;
    public static final double PURITY_LIMIT = 0.98;
    /** For numeric (regression) targets: |Pearson r| at or above this is leakage. */
    public static final double CORRELATION_LIMIT = 0.99;
    /** Categories seen fewer times than this do not count towards purity (they are trivially pure). */
    private static final int MIN_CATEGORY_ROWS = 5;

    private LeakageDetector() {}

    public static List<Finding> detect(Dataset data, String target) {
        List<Finding> out = new ArrayList<>();
        Column t = data.column(target);
        List<String> classes = Profiler.categoryCounts(t, Integer.MAX_VALUE).stream()
                .map(ColumnProfile.CategoryCount::value)
                .sorted()
                .toList();
        for (Column f : data.columns()) {
            if (f.name().equals(target)) {
                continue;
            }
            if (isRelabelledCopy(f, t)) {
                out.add(new Finding(
                        Severity.ERROR,
                        "LEAKAGE",
                        f.name(),
                        "column '" + f.name() + "' is a copy of the target '" + target
                                + "' (one-to-one value mapping); drop it"));
                continue;
            }
            if (classes.size() == 2 && f.isNumericLike()) {
                double auc = singleFeatureAuc(f, t, classes.get(1));
                if (!Double.isNaN(auc) && Math.max(auc, 1 - auc) >= AUC_LIMIT) {
                    out.add(new Finding(
                            Severity.ERROR,
                            "LEAKAGE",
                            f.name(),
                            String.format(
                                    "column '%s' alone separates the target '%s' with ROC AUC %.3f (limit %.2f);"
                                            + " it probably leaks the answer",
                                    f.name(), target, Math.max(auc, 1 - auc), AUC_LIMIT)));
                    continue;
                }
            }
            if (classes.size() > 50 && t.isNumericLike() && f.isNumericLike()) {
                double r = correlation(f, t);
                if (Math.abs(r) >= CORRELATION_LIMIT) {
                    out.add(new Finding(
                            Severity.ERROR,
                            "LEAKAGE",
                            f.name(),
                            String.format(
                                    "column '%s' has correlation %.3f with the numeric target '%s' (limit %.2f);"
                                            + " it probably leaks the answer",
                                    f.name(), r, target, CORRELATION_LIMIT)));
                    continue;
                }
            }
            if (classes.size() >= 2 && classes.size() <= 50 && !f.isNumericLike()) {
                double purity = categoricalPurity(f, t);
                if (purity >= PURITY_LIMIT) {
                    out.add(new Finding(
                            Severity.ERROR,
                            "LEAKAGE",
                            f.name(),
                            String.format(
                                    "the categories of column '%s' map almost one-to-one onto the target '%s'"
                                            + " (purity %.3f, limit %.2f); it probably leaks the answer",
                                    f.name(), target, purity, PURITY_LIMIT)));
                }
            }
        }
        return out;
    }

    /** True when, on rows where both are present, each feature value always goes with one target value and back. */
    static boolean isRelabelledCopy(Column f, Column t) {
        Map<String, String> forward = new HashMap<>();
        Map<String, String> backward = new HashMap<>();
        int both = 0;
        for (int i = 0; i < f.size(); i++) {
            if (f.isMissing(i) || t.isMissing(i)) {
                continue;
            }
            both++;
            String a = f.value(i);
            String b = t.value(i);
            if (!b.equals(forward.computeIfAbsent(a, k -> b)) || !a.equals(backward.computeIfAbsent(b, k -> a))) {
                return false;
            }
        }
        return both > 0 && forward.size() >= 2;
    }

    static double correlation(Column f, Column t) {
        double sx = 0;
        double sy = 0;
        double sxx = 0;
        double syy = 0;
        double sxy = 0;
        int n = 0;
        for (int i = 0; i < f.size(); i++) {
            double x = f.number(i);
            double y = t.number(i);
            if (Double.isNaN(x) || Double.isNaN(y)) {
                continue;
            }
            n++;
            sx += x;
            sy += y;
            sxx += x * x;
            syy += y * y;
            sxy += x * y;
        }
        double cov = sxy - sx * sy / n;
        double vx = sxx - sx * sx / n;
        double vy = syy - sy * sy / n;
        return vx <= 0 || vy <= 0 ? 0 : cov / Math.sqrt(vx * vy);
    }

    static double singleFeatureAuc(Column f, Column t, String positive) {
        int n = 0;
        for (int i = 0; i < f.size(); i++) {
            if (!Double.isNaN(f.number(i)) && !t.isMissing(i)) {
                n++;
            }
        }
        if (n == 0) {
            return Double.NaN;
        }
        boolean[] pos = new boolean[n];
        double[] score = new double[n];
        int k = 0;
        for (int i = 0; i < f.size(); i++) {
            if (!Double.isNaN(f.number(i)) && !t.isMissing(i)) {
                pos[k] = t.value(i).equals(positive);
                score[k++] = f.number(i);
            }
        }
        return Metrics.rocAuc(pos, score);
    }

    /**
     * Row-weighted share of the majority target class within each category, over categories
     * with enough rows; 0 when those categories cover under 90% of rows (an identifier).
     */
    static double categoricalPurity(Column f, Column t) {
        Map<String, Map<String, Integer>> table = new HashMap<>();
        int total = 0;
        for (int i = 0; i < f.size(); i++) {
            if (f.isMissing(i) || t.isMissing(i)) {
                continue;
            }
            total++;
            table.computeIfAbsent(f.value(i), k -> new HashMap<>()).merge(t.value(i), 1, Integer::sum);
        }
        int covered = 0;
        int majority = 0;
        for (Map<String, Integer> byClass : table.values()) {
            int size = byClass.values().stream().mapToInt(Integer::intValue).sum();
            if (size < MIN_CATEGORY_ROWS) {
                continue;
            }
            covered += size;
            majority +=
                    byClass.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        }
        if (total == 0 || covered < 0.9 * total || table.size() < 2) {
            return 0;
        }
        return (double) majority / covered;
    }
}
