package svc.ml.drift;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class KolmogorovSmirnovTest {

    @Test
    void kolmogorovSurvivalMatchesTabulatedValuesOnBothSeries() {
        // scipy.stats.kstwobign.sf at 0.5, 1.0, 1.18 (the switch point) and 1.5
        assertThat(KolmogorovSmirnov.kolmogorovSurvival(0.5)).isCloseTo(0.9639452436648751, within(1e-12));
        assertThat(KolmogorovSmirnov.kolmogorovSurvival(1.0)).isCloseTo(0.26999967167735456, within(1e-12));
        assertThat(KolmogorovSmirnov.kolmogorovSurvival(1.18)).isCloseTo(0.1234538094297657, within(1e-12));
        assertThat(KolmogorovSmirnov.kolmogorovSurvival(1.5)).isCloseTo(0.022217962616525127, within(1e-12));
        assertThat(KolmogorovSmirnov.kolmogorovSurvival(0)).isEqualTo(1.0);
    }

    @Test
    void disjointSamplesHaveDistanceOne() {
        KolmogorovSmirnov.Result r = KolmogorovSmirnov.twoSample(new double[] {1, 2, 3}, new double[] {4, 5, 6});
        // D = 1, λ = √(9/6): p = 2(e^-3 − e^-12 + …)
        assertThat(r.statistic()).isEqualTo(1.0);
        assertThat(r.pValue()).isCloseTo(0.09956184831478034, within(1e-12));
    }

    @Test
    void interleavedSamplesByHand() {
        // ECDF gap peaks after 7: a has 4/4, b has 3/5 -> 0.4
        KolmogorovSmirnov.Result r =
                KolmogorovSmirnov.twoSample(new double[] {1, 3, 5, 7}, new double[] {2, 4, 6, 8, 10});
        assertThat(r.statistic()).isCloseTo(0.4, within(1e-12));
        assertThat(r.pValue()).isCloseTo(0.8691635724033446, within(1e-12));
    }

    @Test
    void tiesAcrossSamplesAreNotCountedAsGaps() {
        // at 0.2 both samples step together; the largest gap, 13/24, is reached after 0.4
        KolmogorovSmirnov.Result r = KolmogorovSmirnov.twoSample(
                new double[] {0.1, 0.2, 0.2, 0.4, 0.9, 1.3}, new double[] {0.2, 0.5, 0.6, 0.7, 1.1, 1.2, 1.4, 2.0});
        assertThat(r.statistic()).isCloseTo(0.5416666666666666, within(1e-12));
        assertThat(r.pValue()).isCloseTo(0.2668277042862527, within(1e-12));
        assertThat(KolmogorovSmirnov.twoSample(new double[] {1, 1, 2}, new double[] {1, 1, 2})
                        .statistic())
                .isZero();
    }
}
