package svc.ml.drift;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import svc.ml.TestCsv;

class DriftDetectorTest {

    private static final List<String> ADULT_NUMERIC =
            List.of("age", "fnlwgt", "education-num", "capital-gain", "capital-loss", "hours-per-week");

    private static Map<String, double[]> numeric(TestCsv csv) {
        Map<String, double[]> out = new LinkedHashMap<>();
        ADULT_NUMERIC.forEach(c -> out.put(c, csv.numeric(c)));
        return out;
    }

    private static Map<String, String[]> categorical(TestCsv csv) {
        Map<String, String[]> out = new LinkedHashMap<>();
        csv.header().stream()
                .filter(c -> !ADULT_NUMERIC.contains(c) && !c.equals("income"))
                .forEach(c -> out.put(c, csv.column(c)));
        return out;
    }

    @Test
    void adultTrainVersusTestIsStableOnEveryFeature() {
        TestCsv train = TestCsv.adultTrain();
        TestCsv test = TestCsv.adultTest();
        DriftReport r = DriftDetector.compare(numeric(train), numeric(test), categorical(train), categorical(test));

        assertThat(r.features()).hasSize(14);
        assertThat(r.features())
                .allSatisfy(f -> assertThat(f.psi()).as(f.name()).isLessThan(0.002));
        assertThat(r.band()).isEqualTo(DriftBand.STABLE);
        assertThat(r.gatePassed()).isTrue();
        assertThat(r.feature("age").binning()).isEqualTo("deciles");
        assertThat(r.feature("age").bins()).hasSizeGreaterThanOrEqualTo(9);
        // capital-gain is ~92% zeros: its decile edges collapse to a few bins but still bin
        assertThat(r.feature("capital-gain").bins().size()).isBetween(2, 4);
        assertThat(r.feature("age").ks()).isLessThan(0.02);
        assertThat(r.feature("sex").ks()).isNull();
        // 38 countries under 0.5% of the training rows share the "other" bin
        assertThat(r.feature("native-country").bins())
                .extracting(Bin::label)
                .containsExactly("United-States", "Mexico", "?", "Philippines", "other");
    }

    @Test
    void keepingEveryRareCategoryShowsTheSamplingNoiseTheMergeRemoves() {
        TestCsv train = TestCsv.adultTrain();
        TestCsv test = TestCsv.adultTest();
        DriftThresholds keepAll = new DriftThresholds(0.10, 0.25, 1e-4, 0);
        FeatureDrift country = DriftDetector.categorical(
                "native-country", train.column("native-country"), test.column("native-country"), keepAll);
        // no drift, yet PSI ≈ (k−1)(1/n + 1/m) = 41·(1/32561 + 1/16281) ≈ 0.0038
        assertThat(country.bins()).hasSize(43);
        assertThat(country.psi()).isBetween(0.002, 0.006);
    }

    @Test
    void shiftedAgesAreSignificantDrift() {
        TestCsv train = TestCsv.adultTrain();
        TestCsv test = TestCsv.adultTest();
        double[] olderAges = Arrays.stream(test.numeric("age")).map(a -> a + 15).toArray();
        DriftReport r = DriftDetector.compare(
                Map.of("age", train.numeric("age")), Map.of("age", olderAges), Map.of(), Map.of());
        FeatureDrift age = r.feature("age");
        assertThat(age.psi()).isGreaterThan(1.0);
        assertThat(age.band()).isEqualTo(DriftBand.SIGNIFICANT);
        assertThat(age.ks()).isGreaterThan(0.3);
        assertThat(age.ksPValue()).isLessThan(1e-10);
        assertThat(r.maxPsiFeature()).isEqualTo("age");
        assertThat(r.gatePassed()).isFalse();
    }

    @Test
    void psiMatchesAHandComputedCategoricalExample() {
        String[] ref = {"a", "a", "a", "a", "a", "b", "b", "b", "c", "c"};
        String[] cur = {"a", "a", "a", "a", "b", "b", "b", "b", "c", "c"};
        FeatureDrift f = DriftDetector.categorical("x", ref, cur, DriftThresholds.BFSI);
        // (0.4-0.5)ln(0.4/0.5) + (0.4-0.3)ln(0.4/0.3) + 0 + other bin (floor vs floor) 0
        assertThat(f.psi()).isCloseTo(0.051082562376599056, within(1e-12));
        assertThat(f.band()).isEqualTo(DriftBand.STABLE);
        assertThat(f.bins()).extracting(Bin::label).containsExactly("a", "b", "c", "other");
    }

    @Test
    void psiOnDecileBinsMatchesAHandComputedExample() {
        double[] ref = IntStream.rangeClosed(1, 20).asDoubleStream().toArray();
        double[] cur = IntStream.rangeClosed(1, 10).asDoubleStream().toArray();
        FeatureDrift f = DriftDetector.numeric("x", ref, cur, DriftThresholds.BFSI);
        // edges 2.9, 4.8, ..., 18.1: ten bins of 2 reference values (0.1 each); the current values
        // fill the first five bins at 0.2 and leave five empty (floored to 1e-4):
        // 5·0.1·ln 2 + 5·(1e-4 − 0.1)·ln(1e-4/0.1)
        assertThat(f.binning()).isEqualTo("deciles");
        assertThat(f.bins()).hasSize(10);
        assertThat(f.bins().get(0).label()).isEqualTo("(-inf, 2.9]");
        assertThat(f.psi()).isCloseTo(3.79699735213155, within(1e-9));
    }

    @Test
    void constantReferenceColumnFallsBackToValueBinsAndStaysFinite() {
        double[] ref = new double[100];
        Arrays.fill(ref, 1.0);
        double[] same = ref.clone();
        double[] moved = new double[100];
        Arrays.fill(moved, 2.0);
        FeatureDrift stable = DriftDetector.numeric("c", ref, same, DriftThresholds.BFSI);
        FeatureDrift shifted = DriftDetector.numeric("c", ref, moved, DriftThresholds.BFSI);
        assertThat(stable.binning()).isEqualTo("values");
        assertThat(stable.psi()).isEqualTo(0.0);
        assertThat(shifted.bins()).extracting(Bin::label).containsExactly("1", "other");
        // (1e-4 − 1)·ln(1e-4) + (1 − 1e-4)·ln(1/1e-4)
        assertThat(shifted.psi()).isFinite().isCloseTo(2 * (1 - 1e-4) * Math.log(1e4), within(1e-9));
        assertThat(shifted.band()).isEqualTo(DriftBand.SIGNIFICANT);
    }

    @Test
    void missingValuesAreReportedAsAShareDifference() {
        double[] ref = IntStream.range(0, 100).asDoubleStream().toArray();
        double[] cur = IntStream.range(0, 100)
                .mapToDouble(i -> i % 4 == 0 ? Double.NaN : i)
                .toArray();
        FeatureDrift f = DriftDetector.numeric("m", ref, cur, DriftThresholds.BFSI);
        assertThat(f.referenceMissingShare()).isEqualTo(0.0);
        assertThat(f.currentMissingShare()).isEqualTo(0.25);
        assertThat(f.missingShareDifference()).isEqualTo(0.25);
        assertThat(f.bins().stream().mapToDouble(Bin::currentShare).sum()).isCloseTo(1.0, within(1e-12));
    }

    @Test
    void unseenCategoriesCountInTheOtherBin() {
        FeatureDrift f = DriftDetector.categorical(
                "k", new String[] {"x", "y"}, new String[] {"x", "z", null, "w"}, DriftThresholds.BFSI);
        Bin other = f.bins().get(f.bins().size() - 1);
        assertThat(other.label()).isEqualTo("other");
        assertThat(other.currentShare()).isCloseTo(2.0 / 3, within(1e-12));
        assertThat(f.currentMissingShare()).isEqualTo(0.25);
    }

    @Test
    void bandsFollowTheSpecLimits() {
        DriftThresholds t = DriftThresholds.BFSI;
        assertThat(DriftBand.of(0.099, t)).isEqualTo(DriftBand.STABLE);
        assertThat(DriftBand.of(0.10, t)).isEqualTo(DriftBand.MODERATE);
        assertThat(DriftBand.of(0.25, t)).isEqualTo(DriftBand.MODERATE);
        assertThat(DriftBand.of(0.2501, t)).isEqualTo(DriftBand.SIGNIFICANT);
    }

    @Test
    void mismatchedColumnsAreNamed() {
        assertThatThrownBy(() -> DriftDetector.compare(
                        Map.of("a", new double[] {1}), Map.of("b", new double[] {1}), Map.of(), Map.of()))
                .hasMessageContaining("only in the reference [a]")
                .hasMessageContaining("only in the current sample [b]");
        assertThatThrownBy(() -> DriftDetector.numeric(
                        "empty", new double[] {Double.NaN}, new double[] {1}, DriftThresholds.BFSI))
                .hasMessageContaining("'empty'");
    }

    @Test
    void driftJsonHasTheContractKeysAndReadsBack() {
        DriftReport r = DriftDetector.compare(
                Map.of("n", new double[] {1, 2, 3, 4}),
                Map.of("n", new double[] {2, 3, 4, 5}),
                Map.of("c", new String[] {"a", "b"}),
                Map.of("c", new String[] {"a", "a"}));
        String json = r.toJson();
        assertThat(json)
                .contains(
                        "\"features\"",
                        "\"max_psi\"",
                        "\"max_psi_feature\"",
                        "\"band\"",
                        "\"thresholds\"",
                        "\"ks_p_value\"",
                        "\"bins\"",
                        "\"type\" : \"numeric\"",
                        "\"type\" : \"categorical\"");
        assertThat(DriftReport.fromJson(json)).isEqualTo(r);
    }
}
