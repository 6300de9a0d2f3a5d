package svc.ml.explain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import svc.config.Json;
import svc.ml.data.Dataset;
import svc.ml.data.DatasetReader;
import svc.ml.train.FlatTree;
import svc.ml.train.Learner;
import svc.ml.train.TrainedModel;
import svc.ml.train.Trainer;
import svc.ml.train.TrainingSpec;
import svc.ml.train.XgbModel;

/**
 * Two independent exact TreeSHAP implementations must agree: ours, run on the booster's trees
 * read from XGBoost's JSON dump (covers are hessian sums), and XGBoost's {@code predictContrib}.
 */
class XgbTreeShapCrossCheckTest {

    @Test
    void ourTreeShapOnDumpedBoosterTreesEqualsXgboostContributions() throws Exception {
        Dataset german = DatasetReader.read(Path.of("../data/german_credit/german_credit.csv"));
        TrainedModel m = Trainer.fit(
                Trainer.problem(german, TrainingSpec.of("credit_risk")),
                german,
                null,
                Learner.XGBOOST,
                Map.of("rounds", 20, "max_depth", 4, "eta", 0.3),
                3);
        XgbModel xgb = (XgbModel) m.model();
        String[] dump = xgb.booster().getModelDump((String) null, true, "json");
        List<FlatTree> trees = new ArrayList<>();
        for (String tree : dump) {
            trees.add(toFlatTree(Json.MAPPER.readTree(tree)));
        }
        double[][] x = m.encode(german.select(IntStream.range(0, 100).toArray()));
        for (double[] row : x) {
            for (int j = 0; j < row.length; j++) {
                row[j] = (float) row[j]; // XGBoost compares in float32
            }
        }
        float[][] contrib = xgb.contributions(x);
        int p = x[0].length;
        for (int i = 0; i < x.length; i++) {
            double[] phi = new double[p];
            for (FlatTree t : trees) {
                new TreeShap(t, 0).addShap(x[i], phi);
            }
            for (int j = 0; j < p; j++) {
                assertThat(phi[j]).as("row %d feature %d", i, j).isCloseTo(contrib[i][j], within(2e-5));
            }
        }
    }

    /** XGBoost goes to "yes" when x < condition; for float x that is x <= nextDown(condition). */
    static FlatTree toFlatTree(JsonNode root) {
        List<JsonNode> nodes = new ArrayList<>();
        collect(root, nodes);
        int n = nodes.stream().mapToInt(j -> j.get("nodeid").asInt()).max().orElseThrow() + 1;
        int[] feature = new int[n];
        double[] threshold = new double[n];
        int[] left = new int[n];
        int[] right = new int[n];
        double[][] value = new double[n][1];
        double[] cover = new double[n];
        for (JsonNode j : nodes) {
            int id = j.get("nodeid").asInt();
            cover[id] = j.get("cover").asDouble();
            if (j.has("leaf")) {
                feature[id] = -1;
                value[id][0] = j.get("leaf").asDouble();
            } else {
                feature[id] = Integer.parseInt(j.get("split").asText().substring(1));
                threshold[id] = Math.nextDown((float) j.get("split_condition").asDouble());
                left[id] = j.get("yes").asInt();
                right[id] = j.get("no").asInt();
            }
        }
        return new FlatTree(feature, threshold, left, right, value, cover);
    }

    private static void collect(JsonNode node, List<JsonNode> out) {
        out.add(node);
        if (node.has("children")) {
            node.get("children").forEach(c -> collect(c, out));
        }
    }
}
