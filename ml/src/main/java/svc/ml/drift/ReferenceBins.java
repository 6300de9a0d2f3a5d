package svc.ml.drift;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import svc.ml.data.Column;
import svc.ml.data.ColumnType;
import svc.ml.data.Dataset;

/**
 * One feature's PSI bins fixed from a reference sample, for judging values one at a time (live
 * traffic) rather than a whole sample at once. The bins follow {@link DriftDetector}'s rules, so a
 * window of live rows scores as {@code compute_drift} would score the same rows: numeric features
 * on the reference's deciles, or one bin per value when it has at most
 * {@value DriftDetector#MAX_VALUE_BINS} distinct values; categorical features one bin per category
 * not rarer than {@link DriftThresholds#rareCategoryShare()}; the last bin is {@code other}.
 */
public final class ReferenceBins {

    private final String feature;
    private final boolean numeric;
    /** Interior decile edges (intervals), or the sorted distinct values (value bins); numeric only. */
    private final double[] cuts;

    private final boolean valueBins;
    private final Map<String, Integer> categories;
    private final double[] shares;

    private ReferenceBins(
            String feature,
            boolean numeric,
            double[] cuts,
            boolean valueBins,
            Map<String, Integer> categories,
            double[] shares) {
        this.feature = feature;
        this.numeric = numeric;
        this.cuts = cuts;
        this.valueBins = valueBins;
        this.categories = categories;
        this.shares = shares;
    }

    /** The bins of every named feature the reference has, numeric or categorical by its column type. */
    public static List<ReferenceBins> of(Dataset reference, List<String> features, DriftThresholds t) {
        List<ReferenceBins> out = new ArrayList<>();
        for (String name : features) {
            if (!reference.has(name)) {
                continue;
            }
            Column c = reference.column(name);
            if (c.size() - c.missingCount() == 0) {
                continue;
            }
            if (c.type() == ColumnType.NUMERIC) {
                double[] values = new double[c.size()];
                for (int i = 0; i < values.length; i++) {
                    values[i] = c.isMissing(i) ? Double.NaN : c.number(i);
                }
                out.add(numeric(name, values));
            } else {
                String[] values = new String[c.size()];
                for (int i = 0; i < values.length; i++) {
                    values[i] = c.isMissing(i) ? null : c.value(i);
                }
                out.add(categorical(name, values, t));
            }
        }
        return out;
    }

    public static ReferenceBins numeric(String feature, double[] reference) {
        double[] ref =
                Arrays.stream(reference).filter(v -> !Double.isNaN(v)).sorted().toArray();
        if (ref.length == 0) {
            throw new IllegalArgumentException("feature '" + feature + "': the reference has no value");
        }
        double[] distinct = Arrays.stream(ref).distinct().toArray();
        boolean valueBins = distinct.length <= DriftDetector.MAX_VALUE_BINS;
        double[] cuts = valueBins ? distinct : DriftDetector.decileEdges(ref);
        ReferenceBins bins = new ReferenceBins(feature, true, cuts, valueBins, Map.of(), null);
        double[] counts = new double[bins.size()];
        for (double v : ref) {
            counts[bins.bin(v)]++;
        }
        return bins.withShares(counts, ref.length);
    }

    public static ReferenceBins categorical(String feature, String[] reference, DriftThresholds t) {
        Map<String, Integer> count = new LinkedHashMap<>();
        int present = 0;
        for (String v : reference) {
            if (v != null) {
                count.merge(v, 1, Integer::sum);
                present++;
            }
        }
        if (present == 0) {
            throw new IllegalArgumentException("feature '" + feature + "': the reference has no value");
        }
        int n = present;
        List<String> kept = new ArrayList<>(count.keySet());
        kept.removeIf(c -> (double) count.get(c) / n < t.rareCategoryShare());
        kept.sort(Comparator.comparing((String c) -> -count.get(c)).thenComparing(c -> c));
        Map<String, Integer> index = new LinkedHashMap<>();
        for (int i = 0; i < kept.size(); i++) {
            index.put(kept.get(i), i);
        }
        ReferenceBins bins = new ReferenceBins(feature, false, null, false, Map.copyOf(index), null);
        double[] counts = new double[bins.size()];
        for (String v : reference) {
            if (v != null) {
                counts[bins.bin(v)]++;
            }
        }
        return bins.withShares(counts, n);
    }

    private ReferenceBins withShares(double[] counts, int present) {
        double[] s = new double[counts.length];
        for (int i = 0; i < s.length; i++) {
            s[i] = counts[i] / present;
        }
        return new ReferenceBins(feature, numeric, cuts, valueBins, categories, s);
    }

    public String feature() {
        return feature;
    }

    /** Bins including {@code other}. */
    public int size() {
        // the last bin is "other" (values or categories the reference never had) or the top interval
        return numeric ? cuts.length + 1 : categories.size() + 1;
    }

    /**
     * The bin of one value, or -1 when it is missing (null, NaN, or text for a numeric feature).
     * Numbers of a categorical feature are read as their text.
     */
    public int bin(Object value) {
        if (value == null) {
            return -1;
        }
        if (!numeric) {
            String text = value instanceof Double d && d == Math.rint(d) && !d.isInfinite()
                    ? Long.toString(d.longValue())
                    : value.toString();
            return categories.getOrDefault(text, categories.size());
        }
        double v;
        if (value instanceof Number number) {
            v = number.doubleValue();
        } else {
            try {
                v = Double.parseDouble(value.toString().trim());
            } catch (NumberFormatException e) {
                return -1;
            }
        }
        return bin(v);
    }

    private int bin(double v) {
        if (Double.isNaN(v)) {
            return -1;
        }
        int pos = Arrays.binarySearch(cuts, v);
        if (valueBins) {
            return pos >= 0 ? pos : cuts.length;
        }
        return pos >= 0 ? pos : -pos - 1;
    }

    /** PSI of live bin counts (over {@code present} non-missing values) against the reference. */
    public double psi(long[] counts, long present, double floor) {
        if (present == 0) {
            return 0;
        }
        double psi = 0;
        for (int b = 0; b < shares.length; b++) {
            psi += Psi.term(shares[b], (double) counts[b] / present, floor);
        }
        return psi;
    }
}
