package svc.ml.fairness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import svc.ml.TestCsv;

class FairnessAuditorTest {

    @Test
    void tinyExampleMatchesHandCountedFigures() {
        // group a: 4 rows; group b: 4 rows. Threshold 0.5.
        int[] y = {1, 1, 0, 0, 1, 0, 0, 0};
        double[] s = {0.9, 0.4, 0.6, 0.1, 0.7, 0.2, 0.3, 0.1};
        String[] g = {"a", "a", "a", "a", "b", "b", "b", "b"};
        FairnessReport r = FairnessAuditor.audit(y, s, 0.5, Map.of("grp", g), 0.1);
        AttributeFairness a = r.attribute("grp");
        GroupMetrics ga = a.groups().get(0);
        GroupMetrics gb = a.groups().get(1);
        // a: tp=1 (0.9), fn=1 (0.4), fp=1 (0.6), tn=1 -> selection 2/4, TPR 1/2, FPR 1/2, precision 1/2
        assertThat(ga.group()).isEqualTo("a");
        assertThat(ga.selectionRate()).isEqualTo(0.5);
        assertThat(ga.tpr()).isEqualTo(0.5);
        assertThat(ga.fpr()).isEqualTo(0.5);
        assertThat(ga.precision()).isEqualTo(0.5);
        // b: tp=1, fp=0, tn=3 -> selection 1/4, TPR 1, FPR 0, precision 1
        assertThat(gb.selectionRate()).isEqualTo(0.25);
        assertThat(gb.tpr()).isEqualTo(1.0);
        assertThat(gb.fpr()).isEqualTo(0.0);
        assertThat(a.demographicParityDifference()).isEqualTo(0.25);
        assertThat(a.demographicParityRatio()).isEqualTo(0.5);
        assertThat(a.equalizedOddsDifference()).isEqualTo(0.5); // max(TPR gap .5, FPR gap .5)
        assertThat(r.gatePassed()).isFalse();
        assertThat(FairnessAuditor.audit(y, s, 0.5, Map.of("grp", g), 0.3).gatePassed())
                .isTrue();
    }

    @Test
    void groupWithoutPositivesHasNoTruePositiveRate() {
        int[] y = {0, 0, 1, 0};
        double[] s = {0.9, 0.1, 0.9, 0.1};
        AttributeFairness a = FairnessAuditor.audit(y, s, 0.5, Map.of("x", new String[] {"p", "p", "q", "q"}), 0.1)
                .attribute("x");
        assertThat(a.groups().get(0).tpr()).isNull();
        assertThat(a.groups().get(0).fpr()).isEqualTo(0.5);
        // TPR gap ignores the group without positives; FPR gap is 0.5 - 0 = 0.5
        assertThat(a.equalizedOddsDifference()).isEqualTo(0.5);
    }

    @Test
    void adultLabelRateParityOnSexIsAboutPointTwoAndFailsTheGate() {
        TestCsv train = TestCsv.adultTrain();
        int[] y = train.labels("income", ">50K");
        FairnessReport r = FairnessAuditor.auditDecisions(y, y, 0.5, Map.of("sex", train.column("sex")), 0.1);
        // README figure: label-rate parity difference on sex about 0.196 (AIF360 demos ~0.19)
        assertThat(r.attribute("sex").demographicParityDifference()).isCloseTo(0.196, within(0.003));
        assertThat(r.gatePassed()).isFalse();
    }

    @Test
    void adultRuleScoresOnTheTestSplitFailTheGateOnSexAndRace() {
        TestCsv test = TestCsv.adultTest();
        int[] y = test.labels("income", ">50K");
        Map<String, String[]> groups = new LinkedHashMap<>();
        groups.put("sex", test.column("sex"));
        groups.put("race", test.column("race"));
        groups.put("age", SensitiveAttributes.ageBands(test.numeric("age")));
        FairnessReport r = FairnessAuditor.audit(y, test.adultRuleScores(), 0.5, groups, 0.1);

        AttributeFairness sex = r.attribute("sex");
        assertThat(sex.groups())
                .extracting(GroupMetrics::group, GroupMetrics::count)
                .containsExactlyInAnyOrder(Tuple.tuple("Male", 10860), Tuple.tuple("Female", 5421));
        // trained models land at 0.17-0.19 on sex; the untrained hand rule leans harder on marriage
        // (measured 0.359), so only its side of the gate is asserted
        assertThat(sex.demographicParityDifference()).isBetween(0.1, 0.5);
        assertThat(sex.gatePassed()).isFalse();
        assertThat(r.gatePassed()).isFalse();
        assertThat(r.attribute("age").groups())
                .extracting(GroupMetrics::group)
                .containsExactlyInAnyOrder("<25", "25-40", "40-60", "60+");
        double males = sex.groups().stream()
                .filter(m -> m.group().equals("Male"))
                .findFirst()
                .orElseThrow()
                .selectionRate();
        double females = sex.groups().stream()
                .filter(m -> m.group().equals("Female"))
                .findFirst()
                .orElseThrow()
                .selectionRate();
        assertThat(sex.demographicParityRatio()).isCloseTo(females / males, within(1e-12));
    }

    @Test
    void germanCreditAgeOver25MatchesAnIndependentCount() {
        TestCsv german = TestCsv.germanCredit();
        int[] good = german.labels("credit_risk", "good");
        double[] age = german.numeric("age");
        String[] groups = SensitiveAttributes.ageAbove(age, 25);
        AttributeFairness a = FairnessAuditor.auditDecisions(good, good, 0.5, Map.of("age", groups), 0.1)
                .attribute("age");
        int over = 0, overGood = 0, under = 0, underGood = 0;
        for (int i = 0; i < age.length; i++) {
            if (age[i] > 25) {
                over++;
                overGood += good[i];
            } else {
                under++;
                underGood += good[i];
            }
        }
        assertThat(over + under).isEqualTo(1000);
        assertThat(a.demographicParityDifference())
                .isCloseTo(Math.abs((double) overGood / over - (double) underGood / under), within(1e-12));
        assertThat(a.groups()).extracting(GroupMetrics::group).containsExactlyInAnyOrder(">25", "<=25");
    }

    @Test
    void detectsSensitiveColumnsOfBothDatasets() {
        assertThat(SensitiveAttributes.detect(TestCsv.adultTest().header()))
                .containsExactly("age", "marital-status", "race", "sex");
        assertThat(SensitiveAttributes.detect(TestCsv.germanCredit().header()))
                .containsExactly("personal_status_sex", "age", "foreign_worker", "sex");
        assertThat(SensitiveAttributes.detect(
                        List.of("page_views", "usage", "Gender", "Ethnic-Group", "AGE", "MARRIAGE")))
                .containsExactly("Gender", "Ethnic-Group", "AGE");
        assertThat(SensitiveAttributes.isAge("MARRIAGE")).isFalse();
        assertThat(SensitiveAttributes.isAge("applicantAge")).isTrue();
    }

    @Test
    void ageBandsPutEdgesInTheUpperBand() {
        assertThat(SensitiveAttributes.ageBands(new double[] {24.9, 25, 39, 40, 60, 90, Double.NaN}))
                .containsExactly("<25", "25-40", "25-40", "40-60", "60+", "60+", FairnessAuditor.MISSING_GROUP);
        assertThat(SensitiveAttributes.ageAbove(new double[] {25, 26}, 25)).containsExactly("<=25", ">25");
    }

    @Test
    void mismatchedLengthsAndNonBinaryLabelsAreRefusedWithTheirName() {
        assertThatThrownBy(() -> FairnessAuditor.audit(
                        new int[] {1, 0}, new double[] {1, 0}, 0.5, Map.of("sex", new String[] {"a"}), 0.1))
                .hasMessageContaining("sex")
                .hasMessageContaining("one value per row");
        assertThatThrownBy(() -> FairnessAuditor.audit(
                        new int[] {2}, new double[] {1}, 0.5, Map.of("sex", new String[] {"a"}), 0.1))
                .hasMessageContaining("yTrue at row 0 is 2");
    }

    @Test
    void fairnessJsonUsesSnakeCaseAndReadsBack() {
        int[] y = {1, 0, 1, 0};
        double[] s = {0.9, 0.6, 0.2, 0.1};
        String[] g = {"a", "a", "b", "b"};
        FairnessReport r = FairnessAuditor.audit(y, s, 0.5, Map.of("sex", g), 0.1)
                .withMitigation(Reweighing.reweigh("sex", y, g).mitigation());
        String json = r.toJson();
        assertThat(json)
                .contains(
                        "\"demographic_parity_difference\"",
                        "\"demographic_parity_ratio\"",
                        "\"equalized_odds_difference\"",
                        "\"gate_threshold\"",
                        "\"gate_passed\" : false",
                        "\"selection_rate\"",
                        "\"mitigation\"",
                        "\"before\"",
                        "\"after\"",
                        "\"method\" : \"reweighing\"");
        assertThat(FairnessReport.fromJson(json)).isEqualTo(r);
    }
}
