package svc.ml.fairness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import svc.ml.TestCsv;

class MitigationTest {

    @Test
    void reweighingWeightsMatchKamiranCaldersByHand() {
        // a: labels 1,1,1,0 ; b: labels 1,0,0,0 ; n=8, P(y=1)=4/8
        int[] y = {1, 1, 1, 0, 1, 0, 0, 0};
        String[] g = {"a", "a", "a", "a", "b", "b", "b", "b"};
        Reweighing.Result r = Reweighing.reweigh("g", y, g);
        // w(a,1) = P(a)P(1)/P(a,1) = .5*.5/(3/8) = 2/3 ; w(a,0) = .5*.5/(1/8) = 2
        // w(b,1) = 2 ; w(b,0) = 2/3
        assertThat(r.sampleWeights())
                .containsExactly(
                        new double[] {2.0 / 3, 2.0 / 3, 2.0 / 3, 2, 2, 2.0 / 3, 2.0 / 3, 2.0 / 3}, within(1e-12));
        assertThat(r.mitigation().before().demographicParityDifference()).isEqualTo(0.5);
        assertThat(r.mitigation().after().demographicParityDifference()).isCloseTo(0, within(1e-12));
    }

    @Test
    void reweighingAdultOnSexRemovesTheLabelRateGap() {
        TestCsv train = TestCsv.adultTrain();
        int[] y = train.labels("income", ">50K");
        Reweighing.Result r = Reweighing.reweigh("sex", y, train.column("sex"));
        assertThat(r.mitigation().before().demographicParityDifference()).isCloseTo(0.196, within(0.003));
        assertThat(r.mitigation().after().demographicParityDifference()).isLessThan(1e-9);
        // reweighing keeps the total weight equal to the number of rows
        assertThat(Arrays.stream(r.sampleWeights()).sum()).isCloseTo(y.length, within(1e-6));
        // under-represented cells (women with >50K) are weighted up
        assertThat(r.mitigation().cellWeights())
                .filteredOn(c -> c.group().equals("Female") && c.label() == 1)
                .singleElement()
                .satisfies(c -> assertThat(c.weight()).isGreaterThan(1.5));
    }

    @Test
    void reweighingGermanCreditOnAgeOver25BalancesTheWeightedGoodRate() {
        TestCsv german = TestCsv.germanCredit();
        int[] good = german.labels("credit_risk", "good");
        String[] age = SensitiveAttributes.ageAbove(german.numeric("age"), 25);
        Reweighing.Result r = Reweighing.reweigh("age", good, age);
        // every group's weighted good rate equals the overall rate, 700/1000
        assertThat(r.mitigation().after().groupRates().values())
                .allSatisfy(v -> assertThat(v).isCloseTo(0.7, within(1e-12)));
        assertThat(r.mitigation().before().demographicParityDifference()).isGreaterThan(0.1);
        double weightedGoodUnder25 = 0;
        double weightUnder25 = 0;
        for (int i = 0; i < good.length; i++) {
            if (age[i].equals("<=25")) {
                weightUnder25 += r.sampleWeights()[i];
                weightedGoodUnder25 += r.sampleWeights()[i] * good[i];
            }
        }
        assertThat(weightedGoodUnder25 / weightUnder25).isCloseTo(0.7, within(1e-12));
    }

    @Test
    void groupThresholdsFitOnTrainBringAdultParityWithinToleranceOnTest() {
        TestCsv train = TestCsv.adultTrain();
        TestCsv test = TestCsv.adultTest();
        GroupThresholds.Fit fit = GroupThresholds.fit(
                "sex",
                train.labels("income", ">50K"),
                train.adultRuleScores(),
                train.column("sex"),
                0.5,
                GroupThresholds.Criterion.SELECTION_RATE,
                0.02);

        assertThat(fit.withinTolerance()).isTrue();
        Mitigation m = fit.mitigation();
        assertThat(m.before().demographicParityDifference()).isGreaterThan(0.1);
        assertThat(m.after().demographicParityDifference()).isLessThanOrEqualTo(0.02 + 1e-12);
        assertThat(m.after().accuracy()).isGreaterThan(m.before().accuracy() - 0.03);
        assertThat(m.groupThresholds()).containsOnlyKeys("Male", "Female");
        // women need a lower threshold than men to be selected at the same rate
        assertThat(m.groupThresholds().get("Female"))
                .isLessThan(m.groupThresholds().get("Male"));

        int[] testDecisions = fit.policy().apply(test.adultRuleScores(), test.column("sex"));
        AttributeFairness onTest = FairnessAuditor.auditDecisions(
                        test.labels("income", ">50K"), testDecisions, 0.5, Map.of("sex", test.column("sex")), 0.1)
                .attribute("sex");
        assertThat(onTest.demographicParityDifference()).isLessThan(0.05);
        assertThat(onTest.gatePassed()).isTrue();
    }

    @Test
    void groupThresholdsCanEqualizeTruePositiveRates() {
        TestCsv train = TestCsv.adultTrain();
        int[] y = train.labels("income", ">50K");
        String[] sex = train.column("sex");
        GroupThresholds.Fit fit = GroupThresholds.fit(
                "sex", y, train.adultRuleScores(), sex, 0.5, GroupThresholds.Criterion.TRUE_POSITIVE_RATE, 0.02);
        AttributeFairness after =
                FairnessAuditor.auditAttribute("sex", y, fit.policy().apply(train.adultRuleScores(), sex), sex, 0.1);
        double tprGap =
                Math.abs(after.groups().get(0).tpr() - after.groups().get(1).tpr());
        assertThat(tprGap).isLessThanOrEqualTo(0.02 + 1e-12);
    }

    @Test
    void unseenGroupUsesTheDefaultThreshold() {
        GroupThresholds p = new GroupThresholds("sex", Map.of("a", 0.8), 0.5);
        assertThat(p.apply(new double[] {0.6, 0.6, 0.9}, new String[] {"a", "z", "a"}))
                .containsExactly(0, 1, 1);
    }
}
