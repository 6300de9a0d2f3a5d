package svc.ml.train;

import ml.dmlc.xgboost4j.java.Booster;
import ml.dmlc.xgboost4j.java.DMatrix;
import ml.dmlc.xgboost4j.java.XGBoostError;

/**
 * An XGBoost booster. Boosters are not safe for concurrent calls, so every native call is made
 * while holding this object's lock; callers may share one instance across threads.
 */
public final class XgbModel implements FittedModel {
    private final Booster booster;
    private final Task task;
    private final int classes;

    public XgbModel(Booster booster, Task task, int classes) {
        this.booster = booster;
        this.task = task;
        this.classes = classes;
    }

    public Booster booster() {
        return booster;
    }

    public Task task() {
        return task;
    }

    @Override
    public synchronized double[][] predict(double[][] x) {
        float[][] raw = withMatrix(x, d -> booster.predict(d));
        double[][] out = new double[x.length][];
        for (int i = 0; i < x.length; i++) {
            if (task == Task.BINARY) {
                out[i] = new double[] {1 - raw[i][0], raw[i][0]};
            } else {
                out[i] = new double[raw[i].length];
                for (int k = 0; k < raw[i].length; k++) {
                    out[i][k] = raw[i][k];
                }
            }
        }
        return out;
    }

    @Override
    public synchronized double[] margin(double[][] x, int output) {
        float[][] raw = withMatrix(x, d -> booster.predict(d, true, 0));
        double[] m = new double[x.length];
        int col = task == Task.MULTICLASS ? output : 0;
        for (int i = 0; i < x.length; i++) {
            m[i] = raw[i][col];
        }
        return m;
    }

    /**
     * Exact TreeSHAP from XGBoost: {@code [rows][(features + 1) * groups]}, the last entry of each
     * group being the base value (in margin units).
     */
    public synchronized float[][] contributions(double[][] x) {
        return withMatrix(x, d -> booster.predictContrib(d, 0));
    }

    public int classes() {
        return classes;
    }

    static DMatrix matrix(double[][] x) throws XGBoostError {
        int cols = x.length == 0 ? 0 : x[0].length;
        float[] flat = new float[x.length * cols];
        for (int i = 0; i < x.length; i++) {
            for (int j = 0; j < cols; j++) {
                flat[i * cols + j] = (float) x[i][j];
            }
        }
        return new DMatrix(flat, x.length, cols, Float.NaN);
    }

    /** Native matrices hold off-heap memory, so each is freed as soon as the call returns. */
    private static <T> T withMatrix(double[][] x, MatrixCall<T> c) {
        return call(() -> {
            DMatrix d = matrix(x);
            try {
                return c.run(d);
            } finally {
                d.dispose();
            }
        });
    }

    interface MatrixCall<T> {
        T run(DMatrix d) throws XGBoostError;
    }

    interface NativeCall<T> {
        T run() throws XGBoostError;
    }

    static <T> T call(NativeCall<T> c) {
        try {
            return c.run();
        } catch (XGBoostError e) {
            throw new IllegalStateException("XGBoost failed: " + e.getMessage(), e);
        }
    }
}
