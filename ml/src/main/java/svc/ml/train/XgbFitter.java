package svc.ml.train;

import java.util.HashMap;
import java.util.Map;
import ml.dmlc.xgboost4j.java.Booster;
import ml.dmlc.xgboost4j.java.DMatrix;
import ml.dmlc.xgboost4j.java.XGBoost;

/** Fits XGBoost boosters (histogram method; one native thread unless {@code nthread} is given). */
final class XgbFitter {
    private XgbFitter() {}

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
