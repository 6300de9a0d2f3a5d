package svc.ml.train;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.tribuo.Example;
import org.tribuo.ImmutableFeatureMap;
import org.tribuo.ImmutableOutputInfo;
import org.tribuo.Model;
import org.tribuo.MutableDataset;
import org.tribuo.Output;
import org.tribuo.OutputFactory;
import org.tribuo.classification.Label;
import org.tribuo.classification.LabelFactory;
import org.tribuo.classification.sgd.linear.LinearSGDTrainer;
import org.tribuo.classification.sgd.objectives.LogMulticlass;
import org.tribuo.common.sgd.AbstractLinearSGDModel;
import org.tribuo.datasource.ListDataSource;
import org.tribuo.impl.ArrayExample;
import org.tribuo.math.la.DenseMatrix;
import org.tribuo.math.optimisers.AdaGrad;
import org.tribuo.provenance.SimpleDataSourceProvenance;
import org.tribuo.regression.RegressionFactory;
import org.tribuo.regression.Regressor;

/**
 * Fits Tribuo linear SGD models, then exports their weights into a {@link LinearModel}. Class
 * index {@code k} is the Tribuo label named {@code "k"}, so exported outputs line up with our class
 * order whatever order Tribuo assigns internally.
 */
final class TribuoFitter {
    private static final String REGRESSION_DIM = "y";

    private TribuoFitter() {}

    /** A Tribuo linear model and the target standardization it was fitted under (regression only). */
    record TribuoLinear(AbstractLinearSGDModel<?> model, double targetMean, double targetScale) {}

    static LinearModel fitLinear(Task task, FitData data, Map<String, Object> params, long seed) {
        return exportLinear(trainLinear(task, data, params, seed), task, data);
    }

    /** The Tribuo model itself; package-private so tests can compare the export against it. */
    static TribuoLinear trainLinear(Task task, FitData data, Map<String, Object> params, long seed) {
        double lr = ((Number) params.getOrDefault("learning_rate", 0.1)).doubleValue();
        int epochs = ((Number) params.getOrDefault("epochs", 10)).intValue();
        int batch = ((Number) params.getOrDefault("minibatch", 1)).intValue();
        if (task.isClassification()) {
            var trainer = new LinearSGDTrainer(new LogMulticlass(), new AdaGrad(lr, 1e-6), epochs, -1, batch, seed);
            return new TribuoLinear(trainer.train(labelDataset(data)), 0, 1);
        }
        // Regression: fit on a standardized target so one learning rate suits any target scale.
        double[] y = data.target();
        double mean = Arrays.stream(y).average().orElse(0);
        double sd = Math.sqrt(
                Arrays.stream(y).map(v -> (v - mean) * (v - mean)).average().orElse(1));
        double scale = sd > 1e-12 ? sd : 1;
        var trainer = RegressionSgd.trainer(lr, epochs, batch, seed);
        return new TribuoLinear(trainer.train(regressionDataset(data, mean, scale)), mean, scale);
    }

    static LinearModel exportLinear(TribuoLinear fitted, Task task, FitData data) {
        int p = data.features().size();
        if (task == Task.REGRESSION) {
            double[][] full = linearRows(fitted.model(), data, 1);
            double scale = fitted.targetScale();
            double[] w = new double[p];
            for (int j = 0; j < p; j++) {
                w[j] = full[0][j] * scale;
            }
            return new LinearModel(
                    task, new double[][] {w}, new double[] {full[0][p] * scale + fitted.targetMean()}, means(data.x()));
        }
        double[][] full = linearRows(fitted.model(), data, data.classCount());
        if (task == Task.BINARY) {
            // softmax over two scores equals a sigmoid of their difference
            double[] w = new double[p];
            for (int j = 0; j < p; j++) {
                w[j] = full[1][j] - full[0][j];
            }
            return new LinearModel(task, new double[][] {w}, new double[] {full[1][p] - full[0][p]}, means(data.x()));
        }
        double[][] w = new double[full.length][];
        double[] b = new double[full.length];
        for (int k = 0; k < full.length; k++) {
            w[k] = Arrays.copyOf(full[k], p);
            b[k] = full[k][p];
        }
        return new LinearModel(task, w, b, means(data.x()));
    }

    /** Tribuo's own prediction for one encoded row: class probabilities in class-index order, or the value. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static double[] tribuoPredict(Model<?> model, FitData data, double[] row, int outputs) {
        String[] names = data.features().toArray(String[]::new);
        if (outputs == 1 && data.classes() == null) {
            var p = ((Model<Regressor>) model)
                    .predict(new ArrayExample<>(new Regressor(REGRESSION_DIM, 0), names, row));
            return new double[] {p.getOutput().getValues()[0]};
        }
        var p = ((Model<Label>) model).predict(new ArrayExample<>(new Label("0"), names, row));
        double[] out = new double[outputs];
        p.getOutputScores().forEach((k, v) -> out[Integer.parseInt(k)] = v.getScore());
        return out;
    }

    private static double[][] linearRows(AbstractLinearSGDModel<?> model, FitData data, int outputs) {
        DenseMatrix m = model.getWeightsCopy();
        ImmutableFeatureMap fmap = model.getFeatureIDMap();
        ImmutableOutputInfo<?> info = model.getOutputIDInfo();
        int p = data.features().size();
        double[][] rows = new double[outputs][p + 1];
        int biasColumn = m.getDimension2Size() - 1; // Tribuo stores the bias as the last column
        for (int k = 0; k < outputs; k++) {
            int row = outputRow(info, k);
            if (row < 0) {
                continue; // class absent from training data: weights stay 0
            }
            for (int j = 0; j < p; j++) {
                var f = fmap.get(data.features().get(j));
                if (f != null) {
                    rows[k][j] = m.get(row, f.getID());
                }
            }
            rows[k][p] = m.get(row, biasColumn);
        }
        return rows;
    }

    private static int outputRow(ImmutableOutputInfo<?> info, int k) {
        for (var pair : info) {
            Output<?> o = pair.getB();
            String name = o instanceof Label l ? l.getLabel() : REGRESSION_DIM;
            if (o instanceof Regressor || name.equals(Integer.toString(k))) {
                return pair.getA();
            }
        }
        return -1;
    }

    private static MutableDataset<Label> labelDataset(FitData data) {
        LabelFactory factory = new LabelFactory();
        List<Example<Label>> examples = new ArrayList<>(data.rows());
        String[] names = data.features().toArray(String[]::new);
        for (int i = 0; i < data.rows(); i++) {
            Example<Label> e = new ArrayExample<>(new Label(Integer.toString(data.classes()[i])), names, data.x()[i]);
            e.setWeight((float) data.weight(i));
            examples.add(e);
        }
        return dataset(examples, factory);
    }

    private static MutableDataset<Regressor> regressionDataset(FitData data, double mean, double scale) {
        RegressionFactory factory = new RegressionFactory();
        List<Example<Regressor>> examples = new ArrayList<>(data.rows());
        String[] names = data.features().toArray(String[]::new);
        for (int i = 0; i < data.rows(); i++) {
            Regressor y = new Regressor(REGRESSION_DIM, (data.target()[i] - mean) / scale);
            Example<Regressor> e = new ArrayExample<>(y, names, data.x()[i]);
            e.setWeight((float) data.weight(i));
            examples.add(e);
        }
        return dataset(examples, factory);
    }

    private static <T extends Output<T>> MutableDataset<T> dataset(
            List<Example<T>> examples, OutputFactory<T> factory) {
        var provenance = new SimpleDataSourceProvenance("svc training rows", OffsetDateTime.now(), factory);
        return new MutableDataset<>(new ListDataSource<>(examples, factory, provenance));
    }

    private static double[] means(double[][] x) {
        int p = x.length == 0 ? 0 : x[0].length;
        double[] m = new double[p];
        for (double[] row : x) {
            for (int j = 0; j < p; j++) {
                m[j] += row[j];
            }
        }
        for (int j = 0; j < p; j++) {
            m[j] /= x.length;
        }
        return m;
    }
}
