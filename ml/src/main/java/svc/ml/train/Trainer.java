package svc.ml.train;

import com.fasterxml.jackson.core.type.TypeReference;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.IntStream;
import svc.config.Json;
import svc.ml.data.Column;
import svc.ml.data.ColumnType;
import svc.ml.data.Dataset;
import svc.ml.data.Preprocessor;
import svc.ml.data.Splitter;
import svc.ml.eval.ClassificationReport;
import svc.ml.eval.MetricsReport;
import svc.ml.eval.RegressionReport;
import svc.ml.eval.SplitMetrics;

/**
 * Runs a training job: split, search each learner's candidates on the validation split, keep the
 * best, report it on the test split. The lower-level {@link #fit} and {@link #evaluate} serve
 * callers with their own protocol (cross-validation, an official train/test split).
 */
public final class Trainer {
    /** A numeric target with more distinct values than this is treated as regression. */
    static final int MAX_CLASSES = 20;

    private Trainer() {}

    /** Problem setup shared by every fit in a job: task, target, labels and raw features. */
    public record Problem(String target, Task task, List<String> labels, List<String> features) {}

    /** Works out task, class labels and features of a spec on a dataset. */
    public static Problem problem(Dataset data, TrainingSpec spec) {
        Column t = data.column(spec.target());
        Set<String> distinct = new HashSet<>();
        Map<String, Integer> counts = new TreeMap<>();
        for (int i = 0; i < t.size(); i++) {
            if (!t.isMissing(i)) {
                distinct.add(t.value(i));
                counts.merge(t.value(i), 1, Integer::sum);
            }
        }
        Task task = spec.task();
        if (task == null) {
            boolean numeric = t.type() == ColumnType.NUMERIC;
            task = numeric && distinct.size() > MAX_CLASSES
                    ? Task.REGRESSION
                    : distinct.size() == 2 ? Task.BINARY : Task.MULTICLASS;
        }
        if (task.isClassification() && distinct.size() < 2) {
            throw new IllegalArgumentException("target '" + spec.target() + "' has fewer than 2 classes");
        }
        List<String> labels = new ArrayList<>();
        if (task == Task.BINARY) {
            if (distinct.size() != 2) {
                throw new IllegalArgumentException("binary task but target '" + spec.target() + "' has "
                        + distinct.size() + " classes: " + counts.keySet());
            }
            String positive = spec.positiveLabel();
            if (positive == null) {
                positive = counts.entrySet().stream()
                        .min(Map.Entry.<String, Integer>comparingByValue()
                                .thenComparing(Map.Entry.<String, Integer>comparingByKey()
                                        .reversed()))
                        .orElseThrow()
                        .getKey();
            } else if (!distinct.contains(positive)) {
                throw new IllegalArgumentException("positive label '" + positive + "' is not a value of target '"
                        + spec.target() + "'; values are " + counts.keySet());
            }
            final String pos = positive;
            labels.add(counts.keySet().stream()
                    .filter(k -> !k.equals(pos))
                    .findFirst()
                    .orElseThrow());
            labels.add(pos);
        } else if (task == Task.MULTICLASS) {
            labels.addAll(counts.keySet());
        }
        List<String> features = spec.features() != null
                ? spec.features()
                : data.columnNames().stream()
                        .filter(n -> !n.equals(spec.target()))
                        .toList();
        return new Problem(spec.target(), task, List.copyOf(labels), List.copyOf(features));
    }

    /** Full job on one dataset: drops rows without a target, splits, searches, reports. */
    public static TrainingResult train(Dataset data, TrainingSpec spec) {
        Column t = data.column(spec.target());
        int[] labelled =
                IntStream.range(0, data.rowCount()).filter(i -> !t.isMissing(i)).toArray();
        Dataset clean = data.select(labelled);
        double[] weights = spec.weights() == null
                ? null
                : Arrays.stream(labelled).mapToDouble(i -> spec.weights()[i]).toArray();
        Problem problem = problem(clean, spec);
        String[] strata = new String[clean.rowCount()];
        for (int i = 0; i < strata.length; i++) {
            strata[i] = problem.task().isClassification()
                    ? clean.column(spec.target()).value(i)
                    : "";
        }
        Splitter.Split split = Splitter.stratified(strata, spec.validationShare(), spec.testShare(), spec.seed());
        double[] trainWeights = weights == null
                ? null
                : Arrays.stream(split.train()).mapToDouble(i -> weights[i]).toArray();
        TrainingResult r = search(
                problem,
                clean.select(split.train()),
                trainWeights,
                clean.select(split.validation()),
                clean.select(split.test()),
                spec);
        int[] back = labelled;
        return new TrainingResult(
                r.model(),
                r.report(),
                remap(split.train(), back),
                remap(split.validation(), back),
                remap(split.test(), back));
    }

    /**
     * Searches every learner's candidates on given splits; the best validation score wins
     * (binary: AUC, multi-class: log loss, regression: RMSE). {@code test} may be null.
     */
    public static TrainingResult search(
            Problem problem,
            Dataset train,
            double[] trainWeights,
            Dataset validation,
            Dataset test,
            TrainingSpec spec) {
        List<MetricsReport.Candidate> candidates = new ArrayList<>();
        TrainedModel best = null;
        SplitMetrics bestValidation = null;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (Learner learner : spec.learners()) {
            for (Map<String, Object> params :
                    SearchSpace.candidates(learner, spec.candidatesPerLearner(), spec.seed())) {
                TrainedModel m = fit(problem, train, trainWeights, learner, params, spec.seed());
                SplitMetrics v = evaluate(m, validation);
                candidates.add(new MetricsReport.Candidate(learner.wireName(), params, v));
                double score = score(v);
                if (score > bestScore) {
                    bestScore = score;
                    best = m;
                    bestValidation = v;
                }
            }
        }
        if (best == null) {
            throw new IllegalArgumentException("no learner to train; spec.learners is empty");
        }
        SplitMetrics testMetrics = test == null ? null : evaluate(best, test);
        MetricsReport report = new MetricsReport(
                problem.task().name().toLowerCase(Locale.ROOT),
                new MetricsReport.ModelRef(best.learner().wireName(), best.params()),
                testMetrics,
                bestValidation,
                candidates);
        Map<String, Object> tree = Json.MAPPER.convertValue(report, new TypeReference<Map<String, Object>>() {});
        return new TrainingResult(best.withMetrics(tree), report, null, null, null);
    }

    /** Fits one learner with fixed parameters: preprocessor on {@code train}, then the model. */
    public static TrainedModel fit(
            Problem problem, Dataset train, double[] weights, Learner learner, Map<String, Object> params, long seed) {
        Preprocessor pre = Preprocessor.fit(train, problem.features(), learner.needsScaling());
        double[][] x = pre.transform(train);
        Column t = train.column(problem.target());
        int[] classes = null;
        double[] target = null;
        if (problem.task().isClassification()) {
            classes = new int[train.rowCount()];
            for (int i = 0; i < classes.length; i++) {
                classes[i] = problem.labels().indexOf(t.value(i));
                if (classes[i] < 0) {
                    throw new IllegalArgumentException("row " + i + " of the training data has target '" + t.value(i)
                            + "', not one of " + problem.labels());
                }
            }
        } else {
            target = new double[train.rowCount()];
            for (int i = 0; i < target.length; i++) {
                target[i] = t.number(i);
            }
        }
        if (weights != null && weights.length != train.rowCount()) {
            throw new IllegalArgumentException(weights.length + " sample weights for " + train.rowCount() + " rows");
        }
        FitData data = new FitData(
                x,
                classes,
                target,
                weights,
                pre.featureNames(),
                problem.task().isClassification() ? problem.labels().size() : 1);
        FittedModel model = switch (learner) {
            case LINEAR -> TribuoFitter.fitLinear(problem.task(), data, params, seed);
            case RANDOM_FOREST -> XgbFitter.fitForest(problem.task(), data, params, seed);
            case XGBOOST -> XgbFitter.fit(problem.task(), data, params, seed);
        };
        List<RawFeature> raw = new ArrayList<>();
        for (String f : problem.features()) {
            raw.add(new RawFeature(f, train.column(f).type()));
        }
        return new TrainedModel(
                problem.target(),
                problem.task(),
                learner,
                new HashMap<>(params),
                problem.labels(),
                raw,
                pre,
                model,
                null,
                List.of());
    }

    /** Metrics of a model on a labelled dataset. */
    public static SplitMetrics evaluate(TrainedModel model, Dataset data) {
        Predictions p = model.predict(data);
        Column t = data.column(model.target());
        if (model.task().isClassification()) {
            int[] actual = new int[data.rowCount()];
            for (int i = 0; i < actual.length; i++) {
                actual[i] = model.labels().indexOf(t.value(i));
            }
            return ClassificationReport.of(actual, p.probabilities(), model.labels());
        }
        double[] y = new double[data.rowCount()];
        for (int i = 0; i < y.length; i++) {
            y[i] = t.number(i);
        }
        return RegressionReport.of(y, p.values());
    }

    /** Larger is better. */
    static double score(SplitMetrics m) {
        if (m instanceof ClassificationReport c) {
            return c.labels().size() == 2 ? c.rocAuc() : -c.logLoss();
        }
        return -((RegressionReport) m).rmse();
    }

    private static int[] remap(int[] rows, int[] original) {
        return Arrays.stream(rows).map(i -> original[i]).toArray();
    }
}
