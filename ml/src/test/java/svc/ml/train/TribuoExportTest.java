package svc.ml.train;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import svc.ml.data.Dataset;
import svc.ml.data.DatasetReader;
import svc.ml.data.Preprocessor;

/** Our exported linear models must predict exactly what Tribuo's models predict. */
class TribuoExportTest {
    static FitData encoded(Dataset german, String target, boolean standardize) {
        Trainer.Problem p = Trainer.problem(german, TrainingSpec.of(target));
        Preprocessor pre = Preprocessor.fit(german, p.features(), standardize);
        double[][] x = pre.transform(german);
        if (p.task() == Task.REGRESSION) {
            double[] y = new double[x.length];
            for (int i = 0; i < y.length; i++) {
                y[i] = german.column(target).number(i);
            }
            return new FitData(x, null, y, null, pre.featureNames(), 1);
        }
        int[] y = new int[x.length];
        for (int i = 0; i < y.length; i++) {
            y[i] = p.labels().indexOf(german.column(target).value(i));
        }
        return new FitData(x, y, null, null, pre.featureNames(), p.labels().size());
    }

    @Test
    void exportedLinearWeightsReproduceTribuo() {
        Dataset german = DatasetReader.read(Path.of("../data/german_credit/german_credit.csv"));
        Map<String, Object> params = Map.of("learning_rate", 0.05, "epochs", 3);
        for (String target : new String[] {"credit_risk", "housing", "duration_months"}) {
            FitData data = encoded(german, target, true);
            Task task =
                    data.classCount() == 2 ? Task.BINARY : data.classes() != null ? Task.MULTICLASS : Task.REGRESSION;
            TribuoFitter.TribuoLinear tribuo = TribuoFitter.trainLinear(task, data, params, 4);
            LinearModel ours = TribuoFitter.exportLinear(tribuo, task, data);
            double[][] mine = ours.predict(data.x());
            for (int i = 0; i < 100; i++) {
                double[] theirs = TribuoFitter.tribuoPredict(tribuo.model(), data, data.x()[i], data.classCount());
                if (task == Task.REGRESSION) {
                    theirs[0] = theirs[0] * tribuo.targetScale() + tribuo.targetMean();
                }
                assertThat(mine[i]).as("%s row %d", target, i).containsExactly(theirs, within(1e-9));
            }
        }
    }
}
