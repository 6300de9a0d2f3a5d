package svc.ml.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ModelCardWriterTest {

    @Test
    void cardHasEveryMitchellSectionInOrder() {
        String card = ModelCardWriter.render(SampleRun.report());
        List<String> sections = List.of(
                "## Model details",
                "## Intended use",
                "## Factors",
                "## Metrics",
                "## Evaluation data",
                "## Training data",
                "## Quantitative analyses",
                "## Ethical considerations",
                "## Caveats and recommendations");
        int last = -1;
        for (String s : sections) {
            int at = card.indexOf(s);
            assertThat(at).as(s).isGreaterThan(last);
            last = at;
        }
    }

    @Test
    void cardStatesTheRealFiguresAndFlagsTheFailedGate() {
        String card = ModelCardWriter.render(SampleRun.report());
        String dp = Figures.num(SampleRun.FAIRNESS.attribute("sex").demographicParityDifference());
        assertThat(card)
                .contains("Fairness gate FAILED")
                .contains("demographic parity difference " + dp)
                .contains(Figures.num(SampleRun.TEST_ACCURACY))
                .contains("| Female | 5421 |", "| Male | 10860 |")
                .contains("Maximum PSI " + Figures.num(SampleRun.DRIFT.maxPsi()))
                .contains("9f2c0d1e7a5b3c4d6e8f00112233445566778899aabbccddeeff001122334455")
                .contains("Predict whether a person's income exceeds 50K")
                .contains("Mitigation: group_thresholds on `sex`")
                .contains("`sex=Male`") // a sensitive attribute among the top SHAP features is called out
                .contains("dataset `ds-adult-7f3a` -> model `model-rule-19c2` -> deployment (not deployed)")
                .contains("ana.risk@bank.example");
        // Stated for the group with the lower selection rate, in percent
        assertThat(card)
                .containsPattern(
                        "`sex`: Male is selected at \\d+\\.\\d%, Female at \\d+\\.\\d%; this gap fails the gate");
    }

    @Test
    void cardSaysWhatWasNotAssessedInsteadOfInventingIt() {
        String card = ModelCardWriter.render(SampleRun.report(null, null, ""));
        assertThat(card)
                .contains("No sensitive attribute was audited")
                .contains("### Fairness\n\nNot assessed in this run.")
                .contains("### Drift\n\nNot assessed in this run.")
                .contains("Run a fairness audit before any use that affects people")
                .doesNotContain("gate FAILED");
    }
}
