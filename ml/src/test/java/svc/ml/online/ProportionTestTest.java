package svc.ml.online;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ProportionTestTest {

    @Test
    void largeSamplesUseThePooledZTest() {
        // 80 % against 70 % on 200 answers each: z = -0.1 / sqrt(0.75 * 0.25 * 2 / 200) = -2.3094, one-sided p =
        // 0.01046.
        ProportionTest.Result r = ProportionTest.challengerWorse(new Outcomes(200, 160), new Outcomes(200, 140));
        assertThat(r.test()).isEqualTo("two_proportion_z");
        assertThat(r.statistic()).isCloseTo(-2.3094, within(1e-4));
        assertThat(r.pValue()).isCloseTo(0.010461, within(1e-5));
        assertThat(r.significant(0.05)).isTrue();
    }

    @Test
    void aBetterChallengerIsNeverSignificantlyWorse() {
        ProportionTest.Result r = ProportionTest.challengerWorse(new Outcomes(200, 140), new Outcomes(200, 160));
        assertThat(r.pValue()).isGreaterThan(0.9);
    }

    @Test
    void smallSamplesUseFishersExactTest() {
        // Champion 10/10 right, challenger 2/10: hypergeometric P(X <= 2) with N=20, K=12, n=10
        // = [C(12,0)C(8,10)+C(12,1)C(8,9)+C(12,2)C(8,8)] / C(20,10) = 66 / 184756.
        ProportionTest.Result r = ProportionTest.challengerWorse(new Outcomes(10, 10), new Outcomes(10, 2));
        assertThat(r.test()).isEqualTo("fisher_exact");
        assertThat(r.pValue()).isCloseTo(66.0 / 184756, within(1e-9));
    }

    @Test
    void equalArmsGiveNoEvidence() {
        assertThat(ProportionTest.challengerWorse(new Outcomes(50, 50), new Outcomes(50, 50))
                        .pValue())
                .isEqualTo(1.0);
        assertThat(ProportionTest.challengerWorse(Outcomes.NONE, new Outcomes(5, 0))
                        .pValue())
                .isEqualTo(1.0);
    }
}
