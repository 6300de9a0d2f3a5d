package svc.ml.data;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Computes {@link DatasetProfile}s. */
public final class Profiler {
    private static final int TOP_CATEGORIES = 10;

    private Profiler() {}

    /** Profiles every column; {@code target} may be null. */
    public static DatasetProfile profile(Dataset data, String target) {
        List<ColumnProfile> cols = new ArrayList<>();
        for (Column c : data.columns()) {
            cols.add(profile(c));
        }
        List<ColumnProfile.CategoryCount> balance = null;
        if (target != null && data.has(target)) {
            balance = categoryCounts(data.column(target), Integer.MAX_VALUE);
        }
        return new DatasetProfile(data.rowCount(), cols, target, balance);
    }

    public static ColumnProfile profile(Column c) {
        int n = c.size();
        int missing = c.missingCount();
        Set<String> distinct = new HashSet<>();
        for (int i = 0; i < n; i++) {
            if (!c.isMissing(i)) {
                distinct.add(c.value(i));
            }
        }
        double share = n == 0 ? 0 : (double) missing / n;
        if (c.type() == ColumnType.CATEGORICAL || c.type() == ColumnType.BOOLEAN) {
            return new ColumnProfile(
                    c.name(),
                    c.type(),
                    n,
                    missing,
                    share,
                    distinct.size(),
                    null,
                    null,
                    null,
                    null,
                    categoryCounts(c, TOP_CATEGORIES));
        }
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        double mean = 0;
        double m2 = 0;
        int k = 0;
        for (int i = 0; i < n; i++) {
            double x = c.number(i);
            if (Double.isNaN(x)) {
                continue;
            }
            k++;
            min = Math.min(min, x);
            max = Math.max(max, x);
            double delta = x - mean; // Welford: stable for large counts
            mean += delta / k;
            m2 += delta * (x - mean);
        }
        Double std = k > 1 ? Math.sqrt(m2 / (k - 1)) : null;
        return new ColumnProfile(
                c.name(),
                c.type(),
                n,
                missing,
                share,
                distinct.size(),
                k == 0 ? null : min,
                k == 0 ? null : max,
                k == 0 ? null : mean,
                std,
                null);
    }

    static List<ColumnProfile.CategoryCount> categoryCounts(Column c, int limit) {
        Map<String, Integer> counts = new HashMap<>();
        int present = 0;
        for (int i = 0; i < c.size(); i++) {
            if (!c.isMissing(i)) {
                counts.merge(c.value(i), 1, Integer::sum);
                present++;
            }
        }
        final int total = present;
        return counts.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue()
                        .reversed()
                        .thenComparing(Map.Entry.comparingByKey(Comparator.naturalOrder())))
                .limit(limit)
                .map(e -> new ColumnProfile.CategoryCount(e.getKey(), e.getValue(), (double) e.getValue() / total))
                .toList();
    }
}
