package svc.ml.explain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import svc.config.Json;
import svc.ml.data.Dataset;
import svc.ml.data.DatasetReader;
import svc.ml.train.Learner;
import svc.ml.train.TrainedModel;
import svc.ml.train.Trainer;
import svc.ml.train.TrainingSpec;

/** base + sum(SHAP) = model margin, for every model family and task, and on raw columns too. */
class ShapAdditivityTest {
    static Dataset german;
    static double[][] x;

    @BeforeAll
    static void load() {
        german = DatasetReader.read(Path.of("../data/german_credit/german_credit.csv"));
    }

    static TrainedModel fit(String target, Learner learner, Map<String, Object> params) {
        return Trainer.fit(Trainer.problem(german, TrainingSpec.of(target)), german, null, learner, params, 2);
    }

    static void assertAdditive(TrainedModel m, int output, double tolerance) {
        double[][] x = m.encode(german.select(IntStream.range(0, 200).toArray()));
        ShapValues v = ShapExplainer.explain(m, x, output);
        double[] margin = m.model().margin(x, output);
        double[][] raw = ShapReport.toRaw(v, m.preprocessor());
        for (int i = 0; i < x.length; i++) {
            double sum = v.base();
            for (double p : v.values()[i]) {
                sum += p;
            }
            double rawSum = v.base();
            for (double p : raw[i]) {
                rawSum += p;
            }
            assertThat(sum).as("%s row %d", m.learner(), i).isCloseTo(margin[i], within(tolerance));
            assertThat(rawSum).isCloseTo(margin[i], within(tolerance));
        }
    }

    @Test
    void linearBinaryIsExactInLogOdds() {
        TrainedModel m = fit("credit_risk", Learner.LINEAR, Map.of("learning_rate", 0.05, "epochs", 5));
        assertAdditive(m, 1, 1e-9);
        ShapValues v = ShapExplainer.explain(m, m.encode(german), 1);
        assertThat(v.outputUnit()).isEqualTo("log_odds");
        // over the training rows the linear SHAP values of each input average to zero
        for (int j = 0; j < v.features().size(); j++) {
            final int col = j;
            double mean =
                    Arrays.stream(v.values()).mapToDouble(r -> r[col]).average().orElseThrow();
            assertThat(mean).isCloseTo(0, within(1e-9));
        }
    }

    @Test
    void linearMulticlassPerClassScore() {
        TrainedModel m = fit("housing", Learner.LINEAR, Map.of("learning_rate", 0.05, "epochs", 5));
        for (int k = 0; k < 3; k++) {
            assertAdditive(m, k, 1e-9);
        }
    }

    @Test
    void randomForestContributionsAddUpToTheMargin() {
        // the forest is an XGBoost booster in random-forest mode: TreeSHAP in log-odds, float32 precision
        TrainedModel m = fit("credit_risk", Learner.RANDOM_FOREST, Map.of("trees", 20, "max_depth", 6));
        assertThat(ShapExplainer.explain(m, m.encode(german.select(new int[] {0})), 1)
                        .outputUnit())
                .isEqualTo("log_odds");
        assertAdditive(m, 1, 1e-5);
        TrainedModel multi = fit("housing", Learner.RANDOM_FOREST, Map.of("trees", 10, "max_depth", 5));
        assertAdditive(multi, 2, 1e-5);
    }

    @Test
    void xgboostContributionsAddUpToTheMargin() {
        // XGBoost accumulates in float32, so 1e-6 relative to margins of order 1-10 is its precision
        assertAdditive(fit("credit_risk", Learner.XGBOOST, Map.of("rounds", 50, "max_depth", 4)), 1, 1e-5);
        TrainedModel multi = fit("housing", Learner.XGBOOST, Map.of("rounds", 20, "max_depth", 3));
        for (int k = 0; k < 3; k++) {
            assertAdditive(multi, k, 1e-5);
        }
        assertAdditive(fit("duration_months", Learner.XGBOOST, Map.of("rounds", 30, "max_depth", 3)), 0, 1e-4);
    }

    @Test
    void reportSumsOneHotColumnsAndSortsImportance() throws Exception {
        TrainedModel m = fit("credit_risk", Learner.XGBOOST, Map.of("rounds", 50, "max_depth", 4));
        double[][] x = m.encode(german);
        ShapValues v = ShapExplainer.explain(m, x, 1);
        ShapReport report = ShapReport.of(v, m.preprocessor(), 5);
        assertThat(report.features()).hasSize(21).contains("checking_status");
        assertThat(report.rows()).hasSize(5);
        int[] rawOf = m.preprocessor().rawIndexOfFeature();
        int checking = m.preprocessor().rawColumns().indexOf("checking_status");
        double expected = 0;
        for (int j = 0; j < rawOf.length; j++) {
            if (rawOf[j] == checking) {
                expected += v.values()[0][j];
            }
        }
        assertThat(report.rows().get(0).values().get("checking_status")).isCloseTo(expected, within(1e-12));
        for (int i = 1; i < report.globalImportance().size(); i++) {
            assertThat(report.globalImportance().get(i).meanAbsShap())
                    .isLessThanOrEqualTo(report.globalImportance().get(i - 1).meanAbsShap());
        }
        // checking account status is the best known single predictor of German credit risk
        assertThat(report.globalImportance().subList(0, 3))
                .extracting(ShapReport.Importance::feature)
                .contains("checking_status");
        JsonNode json = Json.MAPPER.readTree(report.toJson());
        assertThat(json.has("base_value")).isTrue();
        assertThat(json.get("global_importance").get(0).has("mean_abs_shap")).isTrue();
        assertThat(json.get("rows").size()).isEqualTo(5);
        // a row's values follow the features' order (German Credit's columns are not alphabetical)
        List<String> written = new ArrayList<>();
        json.get("rows").get(0).get("values").fieldNames().forEachRemaining(written::add);
        assertThat(written)
                .isEqualTo(report.features())
                .isNotEqualTo(report.features().stream().sorted().toList());
    }
}
