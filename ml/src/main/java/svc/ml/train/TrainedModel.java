package svc.ml.train;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import svc.ml.data.Dataset;
import svc.ml.data.DroppedColumn;
import svc.ml.data.Preprocessor;
import svc.ml.eval.Metrics;

/**
 * The deployable artefact: raw input schema, fitted preprocessor, fitted model, class labels and
 * metrics. It predicts from raw rows, applying exactly the preprocessing seen in training.
 * {@link #save} writes a directory that {@link #load} reads back in a fresh process.
 *
 * @param labels class labels in output order (binary: negative then positive); empty for regression
 * @param metrics the metrics.json tree of the run that produced the model, or null
 * @param droppedColumns columns of the data left out of training, each with its reason (leaks, identifiers)
 */
public record TrainedModel(
        String target,
        Task task,
        Learner learner,
        Map<String, Object> params,
        List<String> labels,
        List<RawFeature> features,
        Preprocessor preprocessor,
        FittedModel model,
        Map<String, Object> metrics,
        List<DroppedColumn> droppedColumns) {

    public TrainedModel {
        droppedColumns = droppedColumns == null ? List.of() : List.copyOf(droppedColumns);
    }

    /** Encodes raw rows into model inputs. */
    public double[][] encode(Dataset data) {
        return preprocessor.transform(data);
    }

    public Predictions predict(Dataset data) {
        return fromEncoded(encode(data));
    }

    /** Predicts raw rows given as maps from column name to value (strings, numbers, booleans, null). */
    public Predictions predictRows(List<? extends Map<String, ?>> rows) {
        double[][] x = new double[rows.size()][];
        for (int i = 0; i < x.length; i++) {
            x[i] = preprocessor.transform(rows.get(i));
        }
        return fromEncoded(x);
    }

    /** Predictions for already encoded inputs (from {@link #encode}). */
    public Predictions fromEncoded(double[][] x) {
        double[][] out = model.predict(x);
        if (!task.isClassification()) {
            double[] v = new double[out.length];
            for (int i = 0; i < v.length; i++) {
                v[i] = out[i][0];
            }
            return new Predictions(List.of(), null, null, v);
        }
        String[] predicted = new String[out.length];
        for (int i = 0; i < out.length; i++) {
            predicted[i] = labels.get(Metrics.argmax(out[i]));
        }
        return new Predictions(labels, out, predicted, null);
    }

    /** The output SHAP explains by default: the positive class (binary), else output 0. */
    public int defaultOutput() {
        return task == Task.BINARY ? 1 : 0;
    }

    public TrainedModel withMetrics(Map<String, Object> m) {
        return new TrainedModel(
                target, task, learner, params, labels, features, preprocessor, model, m, droppedColumns);
    }

    /** The same model, recording which columns were left out of its training and why. */
    public TrainedModel withDroppedColumns(List<DroppedColumn> dropped) {
        return new TrainedModel(target, task, learner, params, labels, features, preprocessor, model, metrics, dropped);
    }

    public List<String> rawFeatureNames() {
        List<String> out = new ArrayList<>();
        features.forEach(f -> out.add(f.name()));
        return out;
    }

    public void save(Path dir) throws IOException {
        ModelStore.save(this, dir);
    }

    public static TrainedModel load(Path dir) throws IOException {
        return ModelStore.load(dir);
    }
}
