package svc.ml.train;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.ml.data.Dataset;
import svc.ml.data.DatasetReader;
import svc.ml.eval.ClassificationReport;
import svc.ml.eval.RegressionReport;

/** Every learner on German credit, the model directory round trip, weights, other tasks. */
class TrainingTest {
    static Dataset german;
    static TrainingSpec spec;

    @TempDir
    Path dir;

    @BeforeAll
    static void load() {
        german = DatasetReader.read(Path.of("../data/german_credit/german_credit.csv"));
        spec = TrainingSpec.of("credit_risk").withCandidates(1);
    }

    @Test
    void problemSetupPicksMinorityAsPositive() {
        Trainer.Problem p = Trainer.problem(german, spec);
        assertThat(p.task()).isEqualTo(Task.BINARY);
        assertThat(p.labels()).containsExactly("good", "bad");
        assertThat(p.features()).hasSize(21).doesNotContain("credit_risk");
        assertThat(Trainer.problem(german, spec.withPositiveLabel("good")).labels())
                .containsExactly("bad", "good");
    }

    @Test
    void eachLearnerBeatsTheMajorityBaselineOnGermanCredit() {
        for (Learner learner : Learner.values()) {
            TrainingResult r = Trainer.train(german, spec.withLearners(List.of(learner)));
            ClassificationReport test = (ClassificationReport) r.report().test();
            assertThat(test.rows()).isEqualTo(150);
            // published 5-fold CV figures are about 0.75 accuracy / 0.79 AUC; one 150-row test split is noisy
            assertThat(test.rocAuc()).as("%s AUC", learner).isGreaterThan(0.70);
            assertThat(test.accuracy()).as("%s accuracy", learner).isGreaterThan(0.70);
            assertThat(r.report().model().learner()).isEqualTo(learner.wireName());
        }
    }

    @Test
    void searchKeepsTheBestValidationCandidateAndReportsAll() {
        TrainingResult r =
                Trainer.train(german, spec.withLearners(List.of(Learner.LINEAR)).withCandidates(3));
        assertThat(r.report().candidates()).hasSize(3);
        double best = r.report().candidates().stream()
                .mapToDouble(c -> ((ClassificationReport) c.validation()).rocAuc())
                .max()
                .orElseThrow();
        assertThat(((ClassificationReport) r.report().validation()).rocAuc()).isEqualTo(best);
        assertThat(r.testRows()).hasSize(150);
        assertThat(r.model().metrics()).containsKeys("task", "model", "test", "validation", "candidates");
    }

    @Test
    void savedModelLoadsInAFreshObjectAndPredictsIdentically() throws Exception {
        Trainer.Problem p = Trainer.problem(german, spec);
        Dataset head = german.select(IntStream.range(0, 200).toArray());
        for (Learner learner : Learner.values()) {
            Map<String, Object> params = learner == Learner.XGBOOST
                    ? Map.of("rounds", 30, "max_depth", 3, "eta", 0.3)
                    : learner == Learner.RANDOM_FOREST
                            ? Map.of("trees", 20, "max_depth", 6)
                            : SearchSpace.defaults(learner);
            TrainedModel m = Trainer.fit(p, german, null, learner, params, 5);
            Path d = dir.resolve(learner.wireName());
            m.save(d);
            TrainedModel back = TrainedModel.load(d);
            assertThat(back.learner()).isEqualTo(learner);
            assertThat(back.labels()).isEqualTo(m.labels());
            assertThat(back.rawFeatureNames()).isEqualTo(m.rawFeatureNames());
            Predictions a = m.predict(head);
            Predictions b = back.predict(head);
            assertThat(b.probabilities()).as(learner.name()).isDeepEqualTo(a.probabilities());
            assertThat(b.predicted()).containsExactly(a.predicted());
            // raw map rows (as an HTTP body would give them) predict the same as the dataset path
            List<Map<String, Object>> rows =
                    IntStream.range(0, 5).mapToObj(head::row).toList();
            Predictions c = back.predictRows(rows);
            for (int i = 0; i < 5; i++) {
                assertThat(c.probabilities()[i]).containsExactly(a.probabilities()[i]);
            }
        }
    }

    @Test
    void sampleWeightsChangeTheFit() {
        Trainer.Problem p = Trainer.problem(german, spec);
        double[] w = new double[german.rowCount()];
        for (int i = 0; i < w.length; i++) {
            w[i] = german.column("credit_risk").value(i).equals("bad") ? 5.0 : 1.0;
        }
        Map<String, Object> params = Map.of("rounds", 30, "max_depth", 3, "eta", 0.3);
        double plain = meanPositive(Trainer.fit(p, german, null, Learner.XGBOOST, params, 1));
        double weighted = meanPositive(Trainer.fit(p, german, w, Learner.XGBOOST, params, 1));
        // up-weighting the positive class raises its predicted share well above the 30% base rate
        assertThat(plain).isCloseTo(0.30, within(0.05));
        assertThat(weighted).isGreaterThan(0.5);
        double linearWeighted =
                meanPositive(Trainer.fit(p, german, w, Learner.LINEAR, SearchSpace.defaults(Learner.LINEAR), 1));
        assertThat(linearWeighted).isGreaterThan(0.5);
    }

    private static double meanPositive(TrainedModel m) {
        double[][] prob = m.predict(german).probabilities();
        return Arrays.stream(prob).mapToDouble(r -> r[1]).average().orElseThrow();
    }

    @Test
    void multiclassAndRegressionTasksTrain() {
        TrainingSpec housing = TrainingSpec.of("housing").withCandidates(1);
        TrainingResult multi = Trainer.train(german, housing.withLearners(List.of(Learner.LINEAR)));
        ClassificationReport m = (ClassificationReport) multi.report().test();
        assertThat(multi.model().task()).isEqualTo(Task.MULTICLASS);
        assertThat(m.labels()).containsExactly("for free", "own", "rent");
        // housing is strongly tied to property ("unknown/none" -> for free): well above the 71% majority class
        assertThat(m.accuracy()).isGreaterThan(0.75);
        TrainingResult reg = Trainer.train(
                german, TrainingSpec.of("duration_months").withCandidates(1).withLearners(List.of(Learner.LINEAR)));
        assertThat(reg.model().task()).isEqualTo(Task.REGRESSION);
        RegressionReport rr = (RegressionReport) reg.report().test();
        assertThat(rr.r2()).isGreaterThan(0.3); // credit amount explains much of the duration
        for (var c : reg.report().candidates()) {
            assertThat(((RegressionReport) c.validation()).r2()).as(c.learner()).isGreaterThan(0.2);
        }
        // the tree learners get small fixed settings here to keep the suite fast
        Trainer.Problem mp = Trainer.problem(german, housing);
        TrainedModel xgbMulti = Trainer.fit(
                mp,
                german.select(multi.trainRows()),
                null,
                Learner.XGBOOST,
                Map.of("rounds", 40, "max_depth", 3, "eta", 0.2),
                1);
        ClassificationReport xm = (ClassificationReport) Trainer.evaluate(xgbMulti, german.select(multi.testRows()));
        assertThat(xm.accuracy()).isGreaterThan(0.75);
        Trainer.Problem rp = Trainer.problem(german, TrainingSpec.of("duration_months"));
        TrainedModel rf = Trainer.fit(
                rp,
                german.select(reg.trainRows()),
                null,
                Learner.RANDOM_FOREST,
                Map.of("trees", 10, "max_depth", 6, "feature_fraction", 0.5),
                1);
        RegressionReport rfTest = (RegressionReport) Trainer.evaluate(rf, german.select(reg.testRows()));
        assertThat(rfTest.r2()).isGreaterThan(0.2);
        TrainedModel xgbReg = Trainer.fit(
                rp,
                german.select(reg.trainRows()),
                null,
                Learner.XGBOOST,
                Map.of("rounds", 60, "max_depth", 3, "eta", 0.1),
                1);
        assertThat(((RegressionReport) Trainer.evaluate(xgbReg, german.select(reg.testRows()))).r2())
                .isGreaterThan(0.2);
    }
}
