package svc.ml.online;

import org.apache.commons.math3.distribution.HypergeometricDistribution;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * Is a challenger's accuracy lower than the champion's, beyond chance? A one-sided test of two
 * proportions: the pooled two-proportion z-test when every expected cell of the 2×2 table holds at
 * least {@value #MIN_EXPECTED} answers, otherwise Fisher's exact test (the hypergeometric tail),
 * whose p-value stays honest on the small samples a canary starts with.
 */
public final class ProportionTest {

    /** Below this expected count in any cell the normal approximation is not trusted. */
    static final double MIN_EXPECTED = 5;

    private static final NormalDistribution STANDARD_NORMAL = new NormalDistribution(null, 0, 1);

    private ProportionTest() {}

    /**
     * The test's name ({@code two_proportion_z} or {@code fisher_exact}), its statistic (z, or the
     * challenger's right answers for Fisher) and the one-sided p-value of "the challenger is worse".
     */
    public record Result(String test, double statistic, double pValue) {

        public boolean significant(double alpha) {
            return pValue < alpha;
        }
    }

    /** One-sided p-value that {@code challenger} is right less often than {@code champion}. */
    public static Result challengerWorse(Outcomes champion, Outcomes challenger) {
        long n1 = champion.labelled();
        long n2 = challenger.labelled();
        if (n1 == 0 || n2 == 0) {
            return new Result("none", Double.NaN, 1.0);
        }
        long right = champion.correct() + challenger.correct();
        long wrong = n1 + n2 - right;
        double total = n1 + n2;
        double minExpected = Math.min(Math.min(n1, n2) * right / total, Math.min(n1, n2) * wrong / total);
        if (minExpected < MIN_EXPECTED) {
            return fisher(champion, challenger);
        }
        double pooled = right / total;
        double se = Math.sqrt(pooled * (1 - pooled) * (1.0 / n1 + 1.0 / n2));
        double z = (challenger.accuracy() - champion.accuracy()) / se;
        return new Result("two_proportion_z", z, STANDARD_NORMAL.cumulativeProbability(z));
    }

    /**
     * Fisher's exact one-sided test: with the margins fixed, the chance that the challenger's
     * sample holds as few right answers as it does or fewer.
     */
    static Result fisher(Outcomes champion, Outcomes challenger) {
        int population = Math.toIntExact(champion.labelled() + challenger.labelled());
        int successes = Math.toIntExact(champion.correct() + challenger.correct());
        int sample = Math.toIntExact(challenger.labelled());
        HypergeometricDistribution h = new HypergeometricDistribution(null, population, successes, sample);
        int observed = Math.toIntExact(challenger.correct());
        return new Result("fisher_exact", observed, Math.min(1.0, h.cumulativeProbability(observed)));
    }
}
