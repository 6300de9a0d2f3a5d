package svc.ml.data;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/** The column-level tests of {@link LeakageDetector} that need no model: copies and identifiers. */
final class LeakageChecks {

    /** An identifier column and why it counts as one. */
    record Identifier(double distinctShare, String why) {}

    private LeakageChecks() {}

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
            if (!b.equals(forward.computeIfAbsent(a, x -> b)) || !a.equals(backward.computeIfAbsent(b, x -> a))) {
                return false;
            }
        }
        return both > 0 && forward.size() >= 2;
    }

    /**
     * An identifier: filled in on at least 90% of rows with at least 95% distinct values, and either
     * text (names, codes) or whole numbers that are named like an id or rise with the row order.
     * Decimal measurements are distinct too, so numbers need the second sign.
     */
    static Identifier identifier(Column c, Set<String> idWords) {
        int n = c.size();
        int present = n - c.missingCount();
        if (n < 20 || present < 0.9 * n || c.type() == ColumnType.BOOLEAN || c.type() == ColumnType.DATE) {
            return null;
        }
        Set<String> distinct = new HashSet<>();
        for (int i = 0; i < n; i++) {
            if (!c.isMissing(i)) {
                distinct.add(c.value(i));
            }
        }
        double share = (double) distinct.size() / present;
        if (share < 0.95) {
            return null;
        }
        String counts = distinct.size() + " distinct values in " + present + " rows";
        if (c.type() == ColumnType.CATEGORICAL) {
            return new Identifier(share, counts);
        }
        boolean whole = true;
        int rises = 0;
        int pairs = 0;
        double last = Double.NaN;
        for (int i = 0; i < n; i++) {
            double x = c.number(i);
            if (Double.isNaN(x)) {
                continue;
            }
            whole &= x == Math.rint(x);
            if (!Double.isNaN(last)) {
                pairs++;
                rises += x > last ? 1 : 0;
            }
            last = x;
        }
        if (!whole) {
            return null;
        }
        boolean named = Words.ofName(c.name()).stream().anyMatch(idWords::contains);
        boolean ordered = pairs > 0 && rises >= 0.99 * pairs;
        if (named || ordered) {
            return new Identifier(share, counts + (named ? ", named like an id" : ", rising with the row order"));
        }
        return null;
    }
}
