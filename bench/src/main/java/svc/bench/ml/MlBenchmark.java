package svc.bench.ml;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import svc.ml.data.Dataset;
import svc.ml.data.DatasetReader;
import svc.ml.data.Splitter;
import svc.ml.eval.ClassificationReport;
import svc.ml.explain.ShapExplainer;
import svc.ml.train.Learner;
import svc.ml.train.SearchSpace;
import svc.ml.train.TrainedModel;
import svc.ml.train.Trainer;
import svc.ml.train.TrainingSpec;

/**
 * Prints one line per dataset and learner: accuracy, ROC AUC, demographic parity difference on
 * {@code sex}, training rows and seconds per fit, and SHAP seconds for 1000 rows. Each learner runs
 * with its default search point ({@link SearchSpace#defaults}); the random forest is XGBoost's
 * random-forest mode on two native threads.
 *
 * <p>Run from the repository root: {@code ./mvnw -q -B -o -pl bench -am install -DskipTests}
 * then {@code ./mvnw -q -B -o -pl bench exec:java}. Optional arguments ({@code -Dexec.args="data shap"}):
 * the data folder, then a comma-separated learner list or {@code shap} for the SHAP timings only.
 */
public final class MlBenchmark {
    private static final int SHAP_ROWS = 1000;
    private static final long SEED = 42;
    /** SHAP runs on the calling thread (XGBoost with nthread 1 too), so its CPU time is contention-free. */
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private MlBenchmark() {}

    public static void main(String[] args) throws Exception {
        Path data = Path.of(args.length > 0 ? args[0] : "data");
        if (!Files.isDirectory(data.resolve("adult"))) {
            data = Path.of("..", "data");
        }
        if (args.length > 1 && args[1].equals("shap")) {
            treeShapTimings(data);
            return;
        }
        List<Learner> learners = args.length > 1
                ? Arrays.stream(args[1].split(",")).map(Learner::fromWireName).toList()
                : List.of(Learner.values());
        System.out.printf(
                "%-8s %-14s %8s %8s %8s %7s %9s %9s %9s%n",
                "dataset", "learner", "accuracy", "auc", "dpd_sex", "rows", "fit_s", "shap_s", "shap_cpu");
        german(data.resolve("german_credit/german_credit.csv"), learners);
        adult(data.resolve("adult/adult_train.csv"), data.resolve("adult/adult_test.csv"), learners);
        treeShapTimings(data);
    }

    private static void adult(Path trainFile, Path testFile, List<Learner> learners) {
        Dataset train = DatasetReader.read(trainFile);
        Dataset test = DatasetReader.read(testFile);
        Trainer.Problem problem =
                Trainer.problem(train, TrainingSpec.of("income").withPositiveLabel(">50K"));
        for (Learner learner : learners) {
            Map<String, Object> params = new HashMap<>(SearchSpace.defaults(learner));
            long t0 = System.nanoTime();
            TrainedModel m = Trainer.fit(problem, train, null, learner, params, SEED);
            double trainSeconds = seconds(t0);
            ClassificationReport r = (ClassificationReport) Trainer.evaluate(m, test);
            double[][] x = m.encode(test.select(IntStream.range(0, SHAP_ROWS).toArray()));
            long t1 = System.nanoTime();
            long c1 = THREADS.getCurrentThreadCpuTime();
            ShapExplainer.explain(m, x, 1);
            double shapSeconds = seconds(t1);
            double shapCpu = (THREADS.getCurrentThreadCpuTime() - c1) / 1e9;
            double dpd = parityDifference(m, test, "sex");
            System.out.printf(
                    "%-8s %-14s %8.4f %8.4f %8.4f %7d %9.1f %9.3f %9.3f   %s%n",
                    "adult",
                    learner.wireName(),
                    r.accuracy(),
                    r.rocAuc(),
                    dpd,
                    train.rowCount(),
                    trainSeconds,
                    shapSeconds,
                    shapCpu,
                    params);
        }
    }

    private static void german(Path file, List<Learner> learners) {
        Dataset all = DatasetReader.read(file);
        Trainer.Problem problem =
                Trainer.problem(all, TrainingSpec.of("credit_risk").withPositiveLabel("bad"));
        String[] strata = new String[all.rowCount()];
        for (int i = 0; i < strata.length; i++) {
            strata[i] = all.column("credit_risk").value(i);
        }
        int[][] folds = Splitter.kFold(strata, 5, SEED);
        for (Learner learner : learners) {
            Map<String, Object> params = SearchSpace.defaults(learner);
            double acc = 0;
            double auc = 0;
            double dpd = 0;
            double trainSeconds = 0;
            double shapSeconds = 0;
            double shapCpu = 0;
            for (int[] testRows : folds) {
                Dataset train = all.select(Splitter.complement(all.rowCount(), testRows));
                Dataset test = all.select(testRows);
                long t0 = System.nanoTime();
                TrainedModel m = Trainer.fit(problem, train, null, learner, params, SEED);
                trainSeconds += seconds(t0);
                ClassificationReport r = (ClassificationReport) Trainer.evaluate(m, test);
                acc += r.accuracy() / folds.length;
                auc += r.rocAuc() / folds.length;
                dpd += parityDifference(m, test, "sex") / folds.length;
                double[][] x = m.encode(all); // 1000 rows
                long t1 = System.nanoTime();
                long c1 = THREADS.getCurrentThreadCpuTime();
                ShapExplainer.explain(m, x, 1);
                shapSeconds += seconds(t1) / folds.length;
                shapCpu += (THREADS.getCurrentThreadCpuTime() - c1) / 1e9 / folds.length;
            }
            System.out.printf(
                    "%-8s %-14s %8.4f %8.4f %8.4f %7d %9.1f %9.3f %9.3f   5-fold CV (fit_s per fold), %s%n",
                    "german",
                    learner.wireName(),
                    acc,
                    auc,
                    dpd,
                    all.rowCount() - folds[0].length,
                    trainSeconds / folds.length,
                    shapSeconds,
                    shapCpu,
                    params);
        }
    }

    /** XGBoost's TreeSHAP on 100-tree forests of growing depth and on a 100-round booster, 1000 rows each. */
    private static void treeShapTimings(Path data) {
        Dataset german = DatasetReader.read(data.resolve("german_credit/german_credit.csv"));
        Trainer.Problem problem =
                Trainer.problem(german, TrainingSpec.of("credit_risk").withPositiveLabel("bad"));
        for (int depth : new int[] {6, 8, 10}) {
            TrainedModel rf = Trainer.fit(
                    problem,
                    german,
                    null,
                    Learner.RANDOM_FOREST,
                    Map.of("trees", 100, "max_depth", depth, "feature_fraction", 0.3),
                    SEED);
            double[][] x = rf.encode(german);
            ShapExplainer.explain(rf, x, 1); // warm-up: first native call
            long t0 = System.nanoTime();
            long c0 = THREADS.getCurrentThreadCpuTime();
            ShapExplainer.explain(rf, x, 1);
            System.out.printf(
                    "treeshap xgb  random_forest 100 trees depth<=%d on german: %d rows in %.3f s (cpu %.3f s)%n",
                    depth, x.length, seconds(t0), (THREADS.getCurrentThreadCpuTime() - c0) / 1e9);
        }
        Dataset adult = DatasetReader.read(data.resolve("adult/adult_train.csv"));
        Trainer.Problem ap = Trainer.problem(adult, TrainingSpec.of("income").withPositiveLabel(">50K"));
        TrainedModel xgb =
                Trainer.fit(ap, adult, null, Learner.XGBOOST, Map.of("rounds", 100, "max_depth", 6, "eta", 0.1), SEED);
        double[][] x = xgb.encode(adult.select(IntStream.range(0, SHAP_ROWS).toArray()));
        ShapExplainer.explain(xgb, x, 1); // warm-up: first native call
        long t0 = System.nanoTime();
        long c0 = THREADS.getCurrentThreadCpuTime();
        ShapExplainer.explain(xgb, x, 1);
        System.out.printf(
                "treeshap xgb  xgboost 100 trees depth 6 on adult: %d rows in %.3f s (cpu %.3f s)%n",
                x.length, seconds(t0), (THREADS.getCurrentThreadCpuTime() - c0) / 1e9);
    }

    /**
     * |P(predicted positive | male) - P(predicted positive | female)| at threshold 0.5; a stand-in
     * until the fairness module's audit is wired in.
     */
    static double parityDifference(TrainedModel m, Dataset data, String column) {
        String[] predicted = m.predict(data).predicted();
        String positive = m.labels().get(1);
        double[] positives = new double[2];
        double[] count = new double[2];
        for (int i = 0; i < predicted.length; i++) {
            int group = data.column(column).value(i).equalsIgnoreCase("male") ? 0 : 1;
            count[group]++;
            if (predicted[i].equals(positive)) {
                positives[group]++;
            }
        }
        return Math.abs(positives[0] / count[0] - positives[1] / count[1]);
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
