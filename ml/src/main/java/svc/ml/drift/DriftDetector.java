package svc.ml.drift;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Compares a current sample with a reference sample, feature by feature.
 *
 * <p>Numeric features are binned on the reference's deciles (duplicate edges merged, so a column
 * that is mostly zeros gets fewer, wider bins). When the reference has at most
 * {@value #MAX_VALUE_BINS} distinct values the deciles say little or collapse entirely (a
 * constant column has none), so each distinct value becomes its own bin instead. Current values
 * that fall outside the reference's values or categories go to an {@code other} bin, as do
 * categories rarer than {@link DriftThresholds#rareCategoryShare()} in the reference. Missing
 * values (NaN, or null categories) are left out of the PSI and reported as missing shares.
 */
public final class DriftDetector {

    /** At or below this many distinct reference values, numeric features get one bin per value. */
    public static final int MAX_VALUE_BINS = 10;

    static final String OTHER = "other";

    private DriftDetector() {}

    /** Compares with the BFSI thresholds (0.10, 0.25, floor 1e-4). */
    public static DriftReport compare(
            Map<String, double[]> referenceNumeric,
            Map<String, double[]> currentNumeric,
            Map<String, String[]> referenceCategorical,
            Map<String, String[]> currentCategorical) {
        return compare(
                referenceNumeric, currentNumeric, referenceCategorical, currentCategorical, DriftThresholds.BFSI);
    }

    public static DriftReport compare(
            Map<String, double[]> referenceNumeric,
            Map<String, double[]> currentNumeric,
            Map<String, String[]> referenceCategorical,
            Map<String, String[]> currentCategorical,
            DriftThresholds thresholds) {
        sameColumns("numeric", referenceNumeric.keySet(), currentNumeric.keySet());
        sameColumns("categorical", referenceCategorical.keySet(), currentCategorical.keySet());
        List<FeatureDrift> features = new ArrayList<>();
        referenceNumeric.forEach((name, ref) -> features.add(numeric(name, ref, currentNumeric.get(name), thresholds)));
        referenceCategorical.forEach(
                (name, ref) -> features.add(categorical(name, ref, currentCategorical.get(name), thresholds)));
        if (features.isEmpty()) {
            throw new IllegalArgumentException("no feature to compare: both column maps are empty");
        }
        FeatureDrift worst = features.stream()
                .max(Comparator.comparingDouble(FeatureDrift::psi))
                .orElseThrow();
        return new DriftReport(features, worst.psi(), worst.name(), DriftBand.of(worst.psi(), thresholds), thresholds);
    }

    /** PSI and KS of one numeric feature. */
    public static FeatureDrift numeric(String name, double[] reference, double[] current, DriftThresholds t) {
        double[] ref = present(reference);
        double[] cur = present(current);
        if (ref.length == 0) {
            throw new IllegalArgumentException(
                    "feature '" + name + "': the reference has no non-missing value, so there is nothing to bin");
        }
        Arrays.sort(ref);
        double[] distinct = Arrays.stream(ref).distinct().toArray();
        List<String> labels = new ArrayList<>();
        double[] refCounts;
        double[] curCounts;
        String binning;
        if (distinct.length <= MAX_VALUE_BINS) {
            binning = "values";
            for (double v : distinct) {
                labels.add(format(v));
            }
            labels.add(OTHER);
            refCounts = countValues(ref, distinct);
            curCounts = countValues(cur, distinct);
        } else {
            binning = "deciles";
            double[] edges = decileEdges(ref);
            for (int b = 0; b <= edges.length; b++) {
                String lo = b == 0 ? "-inf" : format(edges[b - 1]);
                String hi = b == edges.length ? "inf)" : format(edges[b]) + "]";
                labels.add("(" + lo + ", " + hi);
            }
            refCounts = countIntervals(ref, edges);
            curCounts = countIntervals(cur, edges);
        }
        KolmogorovSmirnov.Result ks = cur.length == 0 ? null : KolmogorovSmirnov.twoSample(ref, cur);
        return feature(
                name,
                "numeric",
                binning,
                labels,
                refCounts,
                ref.length,
                curCounts,
                cur.length,
                reference.length,
                current.length,
                ks,
                t);
    }

    /** PSI of one categorical feature: one bin per reference category plus {@code other}. */
    public static FeatureDrift categorical(String name, String[] reference, String[] current, DriftThresholds t) {
        Map<String, Integer> refCount = new LinkedHashMap<>();
        int refPresent = 0;
        for (String v : reference) {
            if (v != null) {
                refCount.merge(v, 1, Integer::sum);
                refPresent++;
            }
        }
        if (refPresent == 0) {
            throw new IllegalArgumentException(
                    "feature '" + name + "': the reference has no non-missing value, so there are no categories");
        }
        // most frequent first, ties by name: a stable order for the report; rare ones join "other"
        int present = refPresent;
        List<String> categories = new ArrayList<>(refCount.keySet());
        categories.removeIf(c -> (double) refCount.get(c) / present < t.rareCategoryShare());
        categories.sort(Comparator.comparing((String c) -> -refCount.get(c)).thenComparing(c -> c));
        Map<String, Integer> index = new LinkedHashMap<>();
        for (int i = 0; i < categories.size(); i++) {
            index.put(categories.get(i), i);
        }
        double[] refCounts = new double[categories.size() + 1];
        double[] curCounts = new double[categories.size() + 1];
        for (String v : reference) {
            if (v != null) {
                refCounts[index.getOrDefault(v, categories.size())]++;
            }
        }
        int curPresent = 0;
        for (String v : current) {
            if (v != null) {
                curCounts[index.getOrDefault(v, categories.size())]++;
                curPresent++;
            }
        }
        List<String> labels = new ArrayList<>(categories);
        labels.add(OTHER);
        return feature(
                name,
                "categorical",
                "categories",
                labels,
                refCounts,
                refPresent,
                curCounts,
                curPresent,
                reference.length,
                current.length,
                null,
                t);
    }

    private static FeatureDrift feature(
            String name,
            String type,
            String binning,
            List<String> labels,
            double[] refCounts,
            int refPresent,
            double[] curCounts,
            int curPresent,
            int refRows,
            int curRows,
            KolmogorovSmirnov.Result ks,
            DriftThresholds t) {
        List<Bin> bins = new ArrayList<>();
        double psi = 0;
        for (int b = 0; b < labels.size(); b++) {
            double r = refCounts[b] / refPresent;
            double c = curPresent == 0 ? 0 : curCounts[b] / curPresent;
            double term = Psi.term(r, c, t.floor());
            psi += term;
            bins.add(new Bin(labels.get(b), r, c, term));
        }
        double refMissing = refRows == 0 ? 0 : 1.0 - (double) refPresent / refRows;
        double curMissing = curRows == 0 ? 0 : 1.0 - (double) curPresent / curRows;
        return new FeatureDrift(
                name,
                type,
                binning,
                psi,
                DriftBand.of(psi, t),
                ks == null ? null : ks.statistic(),
                ks == null ? null : ks.pValue(),
                refMissing,
                curMissing,
                curMissing - refMissing,
                bins);
    }

    /** Interior decile cut points of sorted values (linear interpolation), duplicates merged. */
    static double[] decileEdges(double[] sorted) {
        Set<Double> edges = new TreeSet<>();
        for (int d = 1; d <= 9; d++) {
            double h = (sorted.length - 1) * d / 10.0;
            int lo = (int) Math.floor(h);
            int hi = Math.min(lo + 1, sorted.length - 1);
            edges.add(sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]));
        }
        return edges.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** Counts per interval (-inf, e1], (e1, e2], …, (ek, inf). */
    private static double[] countIntervals(double[] values, double[] edges) {
        double[] counts = new double[edges.length + 1];
        for (double v : values) {
            int pos = Arrays.binarySearch(edges, v);
            counts[pos >= 0 ? pos : -pos - 1]++;
        }
        return counts;
    }

    /** Counts per distinct value, the last slot for values the reference never had. */
    private static double[] countValues(double[] values, double[] distinct) {
        double[] counts = new double[distinct.length + 1];
        for (double v : values) {
            int pos = Arrays.binarySearch(distinct, v);
            counts[pos >= 0 ? pos : distinct.length]++;
        }
        return counts;
    }

    private static double[] present(double[] values) {
        return Arrays.stream(values).filter(v -> !Double.isNaN(v)).toArray();
    }

    private static void sameColumns(String kind, Set<String> reference, Set<String> current) {
        if (!reference.equals(current)) {
            Set<String> onlyRef = new TreeSet<>(reference);
            onlyRef.removeAll(current);
            Set<String> onlyCur = new TreeSet<>(current);
            onlyCur.removeAll(reference);
            throw new IllegalArgumentException(kind + " columns differ: only in the reference " + onlyRef
                    + ", only in the current sample " + onlyCur);
        }
    }

    private static String format(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return new BigDecimal(v).round(new MathContext(6)).stripTrailingZeros().toPlainString();
    }
}
