package svc.ml.explain;

import java.util.ArrayList;
import java.util.List;
import svc.ml.train.FlatTree;
import svc.ml.train.ForestModel;
import svc.ml.train.LinearModel;
import svc.ml.train.Task;
import svc.ml.train.TrainedModel;
import svc.ml.train.XgbModel;

/** Computes exact SHAP values for any {@link TrainedModel}, dispatching on the model family. */
public final class ShapExplainer {
    private ShapExplainer() {}

    /**
     * Explains {@code output} (class index; binary: 1, the positive class; regression: 0) for
     * encoded rows {@code x} (from {@link TrainedModel#encode}).
     */
    public static ShapValues explain(TrainedModel model, double[][] x, int output) {
        List<String> names = model.preprocessor().featureNames();
        double[] margin = model.model().margin(x, output);
        if (model.model() instanceof LinearModel l) {
            return linear(l, x, output, names, margin, model.task());
        }
        if (model.model() instanceof ForestModel f) {
            return forest(f, x, output, names, margin, model.task());
        }
        return xgboost((XgbModel) model.model(), x, output, names, margin, model.task());
    }

    /** phi_j = w_j (x_j - E[x_j]); base = bias + w . E[x]. Exact for a linear margin with independent inputs. */
    static ShapValues linear(LinearModel m, double[][] x, int output, List<String> names, double[] margin, Task task) {
        int k = task == Task.BINARY ? 0 : output;
        double[] w = m.weights()[k];
        double[] mean = m.featureMeans();
        double base = m.bias()[k];
        for (int j = 0; j < w.length; j++) {
            base += w[j] * mean[j];
        }
        double[][] phi = new double[x.length][w.length];
        for (int i = 0; i < x.length; i++) {
            for (int j = 0; j < w.length; j++) {
                phi[i][j] = w[j] * (x[i][j] - mean[j]);
            }
        }
        return new ShapValues(base, phi, margin, names, unit(task));
    }

    static ShapValues forest(ForestModel f, double[][] x, int output, List<String> names, double[] margin, Task task) {
        int p = names.size();
        int t = f.trees().size();
        List<TreeShap> shaps = new ArrayList<>(t);
        double base = 0;
        for (FlatTree tree : f.trees()) {
            TreeShap s = new TreeShap(tree, output);
            shaps.add(s);
            base += s.expectedValue() / t;
        }
        double[][] phi = new double[x.length][p];
        for (int i = 0; i < x.length; i++) {
            for (TreeShap s : shaps) {
                s.addShap(x[i], phi[i]);
            }
            for (int j = 0; j < p; j++) {
                phi[i][j] /= t; // the forest averages its trees, so their SHAP values average too
            }
        }
        return new ShapValues(base, phi, margin, names, task.isClassification() ? "probability" : "value");
    }

    static ShapValues xgboost(XgbModel m, double[][] x, int output, List<String> names, double[] margin, Task task) {
        int p = names.size();
        float[][] contrib = m.contributions(x);
        int offset = task == Task.MULTICLASS ? output * (p + 1) : 0;
        double[][] phi = new double[x.length][p];
        double base = x.length == 0 ? 0 : contrib[0][offset + p];
        for (int i = 0; i < x.length; i++) {
            for (int j = 0; j < p; j++) {
                phi[i][j] = contrib[i][offset + j];
            }
        }
        return new ShapValues(base, phi, margin, names, unit(task));
    }

    private static String unit(Task task) {
        return switch (task) {
            case BINARY -> "log_odds";
            case MULTICLASS -> "class_score";
            case REGRESSION -> "value";
        };
    }
}
