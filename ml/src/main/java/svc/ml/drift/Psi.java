package svc.ml.drift;

/** The Population Stability Index of two share vectors over the same bins. */
public final class Psi {

    private Psi() {}

    /**
     * Σ (c − r)·ln(c / r) over bins, with each share raised to at least {@code floor} first. The
     * floored shares are not renormalized: the floor only keeps empty bins finite, and renormalizing
     * would move every other bin's term as well.
     */
    public static double of(double[] referenceShares, double[] currentShares, double floor) {
        if (referenceShares.length != currentShares.length) {
            throw new IllegalArgumentException("PSI needs the same bins on both sides, got " + referenceShares.length
                    + " and " + currentShares.length);
        }
        double psi = 0;
        for (int i = 0; i < referenceShares.length; i++) {
            psi += term(referenceShares[i], currentShares[i], floor);
        }
        return psi;
    }

    /** One bin's contribution. */
    public static double term(double referenceShare, double currentShare, double floor) {
        double r = Math.max(referenceShare, floor);
        double c = Math.max(currentShare, floor);
        return (c - r) * Math.log(c / r);
    }
}
