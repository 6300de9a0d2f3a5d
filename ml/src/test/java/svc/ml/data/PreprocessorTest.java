package svc.ml.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import svc.config.Json;

class PreprocessorTest {
    private static Dataset small() {
        return new Dataset(List.of(
                Column.of("n", new String[] {"1", "2", null, "10"}),
                Column.of("c", new String[] {"a", "b", "a", null})));
    }

    @Test
    void imputesMedianAndModeThenOneHotEncodes() {
        Preprocessor p = Preprocessor.fit(small(), List.of("n", "c"), false);
        assertThat(p.featureNames()).containsExactly("n", "c=a", "c=b");
        double[][] x = p.transform(small());
        assertThat(x[2]).containsExactly(2.0, 1.0, 0.0); // median of 1,2,10
        assertThat(x[3]).containsExactly(10.0, 1.0, 0.0); // mode "a"
        Map<String, Object> unseen = new HashMap<>();
        unseen.put("n", 4);
        unseen.put("c", "zzz");
        assertThat(p.transform(unseen)).containsExactly(4.0, 0.0, 0.0);
        assertThat(p.rawIndexOfFeature()).containsExactly(0, 1, 1);
    }

    @Test
    void standardizesWithTrainingStatisticsOnly() {
        Preprocessor p = Preprocessor.fit(small(), List.of("n"), true);
        double[][] x = p.transform(small());
        double mean = (1 + 2 + 2 + 10) / 4.0;
        double sd = Math.sqrt(((1 - mean) * (1 - mean) + 2 * (2 - mean) * (2 - mean) + (10 - mean) * (10 - mean)) / 4);
        assertThat(x[0][0]).isCloseTo((1 - mean) / sd, within(1e-12));
        assertThat(p.transform(Map.of("n", "100"))[0]).isCloseTo((100 - mean) / sd, within(1e-12));
    }

    @Test
    void highCardinalityUsesFrequencyAndStateRoundTripsThroughJson() throws Exception {
        String[] city = new String[100];
        for (int i = 0; i < 100; i++) {
            city[i] = i < 50 ? "big" : "c" + i;
        }
        Dataset d = new Dataset(List.of(Column.of("city", city)));
        Preprocessor p = Preprocessor.fit(d, List.of("city"), false);
        assertThat(p.featureNames()).containsExactly("city#freq");
        assertThat(p.transform(Map.of("city", "big"))[0]).isEqualTo(0.5);
        assertThat(p.transform(Map.of("city", "c77"))[0]).isEqualTo(0.01);
        Preprocessor back = Json.STRICT.readValue(Json.STRICT.writeValueAsString(p), Preprocessor.class);
        assertThat(back.featureNames()).isEqualTo(p.featureNames());
        assertThat(back.transform(d)).isDeepEqualTo(p.transform(d));
    }

    @Test
    void categoricalCodesThatLookNumericInABatchStillMatchTrainingCategories() {
        Dataset train = new Dataset(List.of(Column.of("code", new String[] {"1", "2", "A"})));
        Preprocessor p = Preprocessor.fit(train, List.of("code"), false);
        Dataset batch = new Dataset(List.of(Column.of("code", new String[] {"2", "1"})));
        assertThat(batch.column("code").type()).isEqualTo(ColumnType.NUMERIC);
        assertThat(p.transform(batch)).isDeepEqualTo(new double[][] {{0, 1, 0}, {1, 0, 0}});
    }

    @Test
    void nonNumericValueForNumericColumnNamesTheColumn() {
        Preprocessor p = Preprocessor.fit(small(), List.of("n"), false);
        assertThatThrownBy(() -> p.transform(Map.of("n", "lots")))
                .hasMessageContaining("column 'n'")
                .hasMessageContaining("'lots'");
        assertThat(p.transform(Map.of("n", "?"))[0]).isEqualTo(2.0);
    }
}
