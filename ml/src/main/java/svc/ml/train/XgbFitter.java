package svc.ml.train;

import java.util.HashMap;
import java.util.Map;
import ml.dmlc.xgboost4j.java.Booster;
import ml.dmlc.xgboost4j.java.DMatrix;
import ml.dmlc.xgboost4j.java.XGBoost;

/**
 * Fits XGBoost boosters (histogram method; one native thread unless {@code nthread} is given), and
 * random forests in XGBoost's random-forest mode.
 */
final class XgbFitter {
    /**
     * Native threads for a forest: its trees are independent, so two threads help on the smallest
     * machine, but only when OpenMP's idle threads sleep ({@code OMP_WAIT_POLICY=PASSIVE}, which
     * {@code bin/svc} and the test runner set). With the default spinning policy a second thread made
     * a forest on Adult 10× slower on this shared 2-core machine (measured: 1.7 s on one thread, 19 s
     * on two; passive: 1.05 s on two).
     */
    static final int FOREST_THREADS =
            "passive".equalsIgnoreCase(String.valueOf(System.getenv("OMP_WAIT_POLICY"))) ? 2 : 1;

    private XgbFitter() {}

    /**
     * A random forest: one boosting round of {@code trees} parallel trees, each on a row subsample
     * ({@code subsample}, default 0.632, what a bootstrap sample holds of distinct rows) with a
     * fresh feature sample at every split ({@code feature_fraction} → {@code colsample_bynode}), learning
     * rate 1 so the forest is the average of its trees, as XGBoost documents for this mode.
     * The result is an ordinary booster: it saves, loads, predicts and explains (TreeSHAP) like one.
     */
    static XgbModel fitForest(Task task, FitData data, Map<String, Object> params, long seed) {
        Map<String, Object> p = new HashMap<>();
        p.put("rounds", 1);
        p.put("eta", 1.0);
        p.put("num_parallel_tree", ((Number) params.getOrDefault("trees", 100)).intValue());
        p.put("max_depth", ((Number) params.getOrDefault("max_depth", 8)).intValue());
        p.put("min_child_weight", ((Number) params.getOrDefault("min_child_weight", 1)).doubleValue());
        p.put("subsample", ((Number) params.getOrDefault("subsample", 0.632)).doubleValue());
        p.put("colsample_bynode", ((Number) params.getOrDefault("feature_fraction", 0.5)).doubleValue());
        p.put("nthread", ((Number) params.getOrDefault("nthread", FOREST_THREADS)).intValue());
        return fit(task, data, p, seed);
    }

    static XgbModel fit(Task task, FitData data, Map<String, Object> params, long seed) {
        return XgbModel.call(() -> {
            DMatrix d = XgbModel.matrix(data.x());
            float[] label = new float[data.rows()];
            for (int i = 0; i < label.length; i++) {
                label[i] = task.isClassification() ? data.classes()[i] : (float) data.target()[i];
            }
            d.setLabel(label);
            if (data.weights() != null) {
                float[] w = new float[data.rows()];
                for (int i = 0; i < w.length; i++) {
                    w[i] = (float) data.weights()[i];
                }
                d.setWeight(w);
            }
            Map<String, Object> p = new HashMap<>();
            p.put("tree_method", "hist");
            p.put("seed", (int) seed);
            // One native thread unless asked: OpenMP threads spin-wait, which on a shared 2-core machine
            // made fits several times slower than a single thread (measured in the module tests).
            p.put("nthread", 1);
            p.put("verbosity", 0);
            switch (task) {
                case BINARY -> p.put("objective", "binary:logistic");
                case MULTICLASS -> {
                    p.put("objective", "multi:softprob");
                    p.put("num_class", data.classCount());
                }
                case REGRESSION -> p.put("objective", "reg:squarederror");
            }
            params.forEach((k, v) -> {
                if (!k.equals("rounds")) {
                    p.put(k, v);
                }
            });
            int rounds = ((Number) params.getOrDefault("rounds", 100)).intValue();
            try {
                Booster b = XGBoost.train(d, p, rounds, new HashMap<>(), null, null);
                return new XgbModel(b, task, data.classCount());
            } finally {
                d.dispose();
            }
        });
    }
}
