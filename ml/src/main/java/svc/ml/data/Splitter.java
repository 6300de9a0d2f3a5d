package svc.ml.data;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;

/** Seeded stratified splits: each class keeps its share in every part (up to rounding). */
public final class Splitter {
    private Splitter() {}

    /** Row indices of a train/validation/test split. */
    public record Split(int[] train, int[] validation, int[] test) {}

    /**
     * Splits rows by the given shares of validation and test; the rest is training. Strata are the
     * distinct {@code strata} values (pass the class labels; for regression pass null to shuffle
     * without strata).
     */
    public static Split stratified(String[] strata, double validationShare, double testShare, long seed) {
        if (validationShare < 0 || testShare < 0 || validationShare + testShare >= 1) {
            throw new IllegalArgumentException("validation share " + validationShare + " and test share " + testShare
                    + " must be non-negative and sum to less than 1");
        }
        List<Integer> train = new ArrayList<>();
        List<Integer> valid = new ArrayList<>();
        List<Integer> test = new ArrayList<>();
        Random random = new Random(seed);
        for (List<Integer> group : groups(strata)) {
            Collections.shuffle(group, random);
            int n = group.size();
            int nTest = (int) Math.round(n * testShare);
            int nValid = (int) Math.round(n * validationShare);
            test.addAll(group.subList(0, nTest));
            valid.addAll(group.subList(nTest, nTest + nValid));
            train.addAll(group.subList(nTest + nValid, n));
        }
        return new Split(sorted(train), sorted(valid), sorted(test));
    }

    /** Stratified k-fold: returns, for each fold, the test row indices; the rest is training. */
    public static int[][] kFold(String[] strata, int k, long seed) {
        List<List<Integer>> folds = new ArrayList<>();
        for (int f = 0; f < k; f++) {
            folds.add(new ArrayList<>());
        }
        Random random = new Random(seed);
        int offset = 0;
        for (List<Integer> group : groups(strata)) {
            Collections.shuffle(group, random);
            for (int i = 0; i < group.size(); i++) {
                folds.get((offset + i) % k).add(group.get(i)); // offset keeps fold sizes balanced across classes
            }
            offset += group.size();
        }
        int[][] out = new int[k][];
        for (int f = 0; f < k; f++) {
            out[f] = sorted(folds.get(f));
        }
        return out;
    }

    /** All indices in {@code 0..n-1} not in {@code excluded} (which must be sorted). */
    public static int[] complement(int n, int[] excluded) {
        int[] out = new int[n - excluded.length];
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (Arrays.binarySearch(excluded, i) < 0) {
                out[k++] = i;
            }
        }
        return out;
    }

    private static List<List<Integer>> groups(String[] strata) {
        TreeMap<String, List<Integer>> byKey = new TreeMap<>();
        for (int i = 0; i < strata.length; i++) {
            byKey.computeIfAbsent(strata[i] == null ? "" : strata[i], x -> new ArrayList<>())
                    .add(i);
        }
        return new ArrayList<>(byKey.values());
    }

    private static int[] sorted(List<Integer> list) {
        return list.stream().mapToInt(Integer::intValue).sorted().toArray();
    }
}
