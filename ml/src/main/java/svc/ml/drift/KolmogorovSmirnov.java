package svc.ml.drift;

import java.util.Arrays;

/**
 * Two-sample Kolmogorov-Smirnov test: the largest distance between the two empirical CDFs, and
 * its p-value from the limiting Kolmogorov distribution at λ = D·√(nm/(n+m)) (Smirnov's
 * asymptotic result, scipy's {@code kstwobign}). Drift checks compare thousands of rows, where the
 * limit is accurate; below a few dozen rows it is only a rough guide.
 */
public final class KolmogorovSmirnov {

    /** The statistic and its p-value. */
    public record Result(double statistic, double pValue) {}

    private KolmogorovSmirnov() {}

    /** Compares two samples; NaN values must be removed first. */
    public static Result twoSample(double[] a, double[] b) {
        if (a.length == 0 || b.length == 0) {
            throw new IllegalArgumentException("KS needs values in both samples, got " + a.length + " and " + b.length);
        }
        double[] x = a.clone();
        double[] y = b.clone();
        Arrays.sort(x);
        Arrays.sort(y);
        int i = 0;
        int j = 0;
        double d = 0;
        while (i < x.length && j < y.length) {
            double v = Math.min(x[i], y[j]);
            // step past every copy of v in both samples before comparing, so ties do not count as gaps
            while (i < x.length && x[i] == v) {
                i++;
            }
            while (j < y.length && y[j] == v) {
                j++;
            }
            d = Math.max(d, Math.abs((double) i / x.length - (double) j / y.length));
        }
        double n = x.length;
        double m = y.length;
        double lambda = d * Math.sqrt(n * m / (n + m));
        return new Result(d, kolmogorovSurvival(lambda));
    }

    /**
     * P(K > λ) for the Kolmogorov distribution. Two exact series: the alternating one converges
     * fast for large λ, the theta-function form for small λ.
     */
    static double kolmogorovSurvival(double lambda) {
        if (lambda <= 0) {
            return 1.0;
        }
        if (lambda < 1.18) {
            double sum = 0;
            for (int k = 1; k <= 50; k++) {
                double odd = 2 * k - 1;
                sum += Math.exp(-odd * odd * Math.PI * Math.PI / (8 * lambda * lambda));
            }
            double cdf = Math.sqrt(2 * Math.PI) / lambda * sum;
            return Math.min(1.0, Math.max(0.0, 1.0 - cdf));
        }
        double sum = 0;
        for (int k = 1; k <= 100; k++) {
            double term = Math.exp(-2.0 * k * k * lambda * lambda);
            sum += (k % 2 == 1 ? term : -term);
            if (term < 1e-16) {
                break;
            }
        }
        return Math.min(1.0, Math.max(0.0, 2 * sum));
    }
}
