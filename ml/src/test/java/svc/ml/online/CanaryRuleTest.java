package svc.ml.online;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;

class CanaryRuleTest {

    private final CanaryRule rule = new CanaryRule(10, 50, 30, 0.05);

    @Test
    void holdsUntilBothArmsHaveTheirSamples() {
        assertThat(rule.decide(10, new Outcomes(100, 90), new Outcomes(29, 0))).isInstanceOf(CanaryRule.Hold.class);
    }

    @Test
    void stepsUpWhileNotSignificantlyWorseAndStopsAtTheCeiling() {
        CanaryRule.Decision d = rule.decide(10, new Outcomes(100, 80), new Outcomes(30, 23));
        assertThat(d).isInstanceOf(CanaryRule.Step.class);
        assertThat(((CanaryRule.Step) d).toPct()).isEqualTo(20);
        assertThat(((CanaryRule.Step) rule.decide(45, new Outcomes(100, 80), new Outcomes(30, 24))).toPct())
                .isEqualTo(50);
        assertThat(rule.decide(50, new Outcomes(100, 80), new Outcomes(30, 24))).isInstanceOf(CanaryRule.Hold.class);
    }

    @Test
    void rollsBackWhenClearlyWorse() {
        CanaryRule.Decision d = rule.decide(20, new Outcomes(120, 110), new Outcomes(30, 5));
        assertThat(d).isInstanceOf(CanaryRule.Rollback.class);
        assertThat(((CanaryRule.Rollback) d).test().pValue()).isLessThan(0.001);
    }

    @Test
    void refusesNonsense() {
        assertThatThrownBy(() -> new CanaryRule(0, 50, 30, 0.05)).hasMessageContaining("step_pct");
        assertThatThrownBy(() -> new CanaryRule(10, 100, 30, 0.05)).hasMessageContaining("max_pct");
        assertThatThrownBy(() -> new CanaryRule(10, 50, 0, 0.05)).hasMessageContaining("min_samples");
        assertThatThrownBy(() -> new CanaryRule(10, 50, 30, 0.7)).hasMessageContaining("alpha");
    }

    @Test
    void brierScoresOneAnswer() {
        assertThat(Scores.brier(Map.of("good", 0.8, "bad", 0.2), "good")).isCloseTo(0.08, within(1e-12));
        assertThat(Scores.brier(Map.of("good", 1.0, "bad", 0.0), "bad")).isEqualTo(2.0);
        assertThat(Scores.brier(Map.of("good", 0.5, "bad", 0.5), "unknown")).isCloseTo(1.5, within(1e-12));
    }
}
