package svc.ml.train;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Small hyper-parameter grids per learner. The first candidate is always the learner's default
 * (a good setting on tabular data); the rest are a seeded sample of the remaining grid points.
 */
public final class SearchSpace {
    private SearchSpace() {}

    public static Map<String, Object> defaults(Learner learner) {
        return switch (learner) {
            case LINEAR -> params("learning_rate", 0.05, "epochs", 10);
            case RANDOM_FOREST -> params("trees", 100, "max_depth", 8, "feature_fraction", 0.3, "min_child_weight", 1);
            case XGBOOST ->
                params(
                        "rounds",
                        300,
                        "max_depth",
                        5,
                        "eta",
                        0.05,
                        "min_child_weight",
                        1,
                        "subsample",
                        0.8,
                        "colsample_bytree",
                        0.8);
        };
    }

    public static List<Map<String, Object>> candidates(Learner learner, int count, long seed) {
        List<Map<String, Object>> grid = new ArrayList<>();
        switch (learner) {
            case LINEAR -> {
                for (double lr : new double[] {0.01, 0.05, 0.2}) {
                    for (int epochs : new int[] {5, 10, 20}) {
                        grid.add(params("learning_rate", lr, "epochs", epochs));
                    }
                }
            }
            case RANDOM_FOREST -> {
                for (int depth : new int[] {6, 8, 10}) {
                    for (double frac : new double[] {0.2, 0.3, 0.5}) {
                        for (int minChild : new int[] {1, 5}) {
                            grid.add(params(
                                    "trees",
                                    100,
                                    "max_depth",
                                    depth,
                                    "feature_fraction",
                                    frac,
                                    "min_child_weight",
                                    minChild));
                        }
                    }
                }
            }
            case XGBOOST -> {
                for (int depth : new int[] {3, 4, 5, 6}) {
                    for (double eta : new double[] {0.05, 0.1}) {
                        for (int rounds : new int[] {150, 300}) {
                            for (int minChild : new int[] {1, 5}) {
                                grid.add(params(
                                        "rounds",
                                        rounds,
                                        "max_depth",
                                        depth,
                                        "eta",
                                        eta,
                                        "min_child_weight",
                                        minChild,
                                        "subsample",
                                        0.8,
                                        "colsample_bytree",
                                        0.8));
                            }
                        }
                    }
                }
            }
        }
        Map<String, Object> first = defaults(learner);
        grid.remove(first);
        Collections.shuffle(grid, new Random(seed));
        List<Map<String, Object>> out = new ArrayList<>();
        out.add(first);
        out.addAll(grid.subList(0, Math.max(0, Math.min(count - 1, grid.size()))));
        return out;
    }

    private static Map<String, Object> params(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return Collections.unmodifiableMap(m);
    }
}
