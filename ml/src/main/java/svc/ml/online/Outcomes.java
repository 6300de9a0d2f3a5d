package svc.ml.online;

/**
 * The labelled answers of one deployment over some period: how many got their ground truth and how
 * many of those were right.
 */
public record Outcomes(long labelled, long correct) {

    public static final Outcomes NONE = new Outcomes(0, 0);

    public Outcomes {
        if (labelled < 0 || correct < 0 || correct > labelled) {
            throw new IllegalArgumentException(
                    "outcomes need 0 <= correct <= labelled, got " + correct + " of " + labelled);
        }
    }

    /** The share of right answers, or NaN with nothing labelled. */
    public double accuracy() {
        return labelled == 0 ? Double.NaN : (double) correct / labelled;
    }

    public Outcomes plus(Outcomes other) {
        return new Outcomes(labelled + other.labelled, correct + other.correct);
    }
}
