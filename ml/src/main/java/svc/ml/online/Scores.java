package svc.ml.online;

import java.util.Map;

/** Per-answer scores once the ground truth is known. */
public final class Scores {

    private Scores() {}

    /**
     * The multi-class Brier score of one answer: Σ over classes of (p − 1[class is the truth])².
     * 0 for a certain right answer, 2 for a certain wrong one; for two classes it is twice the
     * binary form (p − y)². A truth the model never saw as a class adds 1.
     */
    public static double brier(Map<String, Double> probabilities, String actual) {
        double sum = 0;
        boolean seen = false;
        for (Map.Entry<String, Double> e : probabilities.entrySet()) {
            boolean truth = e.getKey().equals(actual);
            seen |= truth;
            double d = e.getValue() - (truth ? 1 : 0);
            sum += d * d;
        }
        return seen ? sum : sum + 1;
    }
}
