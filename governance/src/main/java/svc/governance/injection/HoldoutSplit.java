package svc.governance.injection;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * A seeded stratified split of labelled rows: the rows of each class, in file order, are shuffled
 * with {@link Random} (whose sequence for a seed is fixed by its specification, so every JVM
 * draws the same) and the first {@code round(fraction * n)} of them are held out. The trainer and
 * the test that checks the shipped model both call this, so "the rows the model never saw" means
 * the same rows in both.
 */
public final class HoldoutSplit {

    private HoldoutSplit() {}

    /** Which rows are held out; {@code positive.get(i)} is row i's class. */
    public static BitSet heldOut(List<Boolean> positive, long seed, double fraction) {
        if (fraction <= 0 || fraction >= 1) {
            throw new IllegalArgumentException("hold-out fraction must be in (0, 1), got " + fraction);
        }
        BitSet out = new BitSet(positive.size());
        Random random = new Random(seed);
        for (boolean cls : new boolean[] {true, false}) {
            List<Integer> rows = rowsOf(positive, cls);
            Collections.shuffle(rows, random);
            int n = (int) Math.round(fraction * rows.size());
            for (int i = 0; i < n; i++) {
                out.set(rows.get(i));
            }
        }
        return out;
    }

    /** Stratified k-fold assignment: {@code fold[i]} in {@code 0..k-1} for each row. */
    public static int[] folds(List<Boolean> positive, long seed, int k) {
        if (k < 2) {
            throw new IllegalArgumentException("k-fold needs k >= 2, got " + k);
        }
        int[] fold = new int[positive.size()];
        Random random = new Random(seed);
        for (boolean cls : new boolean[] {true, false}) {
            List<Integer> rows = rowsOf(positive, cls);
            Collections.shuffle(rows, random);
            for (int i = 0; i < rows.size(); i++) {
                fold[rows.get(i)] = i % k;
            }
        }
        return fold;
    }

    private static List<Integer> rowsOf(List<Boolean> positive, boolean cls) {
        List<Integer> rows = new ArrayList<>();
        for (int i = 0; i < positive.size(); i++) {
            if (positive.get(i) == cls) {
                rows.add(i);
            }
        }
        return rows;
    }
}
