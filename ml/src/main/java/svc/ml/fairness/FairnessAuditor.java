package svc.ml.fairness;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Computes per-group decision figures and the parity gaps for each sensitive attribute.
 *
 * <p>A row is selected (predicted 1) when its score is at or above the threshold. Rows whose
 * group is null fall into a group named {@value #MISSING_GROUP}, so that missing values stay
 * visible instead of silently leaving the audit.
 */
public final class FairnessAuditor {

    /** Default BFSI gate: a demographic parity difference above 0.1 blocks deployment. */
    public static final double DEFAULT_GATE_THRESHOLD = 0.1;

    /** Group name given to rows without a value for the attribute. */
    public static final String MISSING_GROUP = "(missing)";

    private FairnessAuditor() {}

    /** Audits scores turned into decisions at {@code threshold}. */
    public static FairnessReport audit(
            int[] yTrue,
            double[] scores,
            double threshold,
            Map<String, String[]> groupsByAttribute,
            double gateThreshold) {
        return auditDecisions(yTrue, decide(scores, threshold), threshold, groupsByAttribute, gateThreshold);
    }

    /**
     * Audits decisions already made (e.g. with per-group thresholds); {@code decisionThreshold} is
     * only recorded in the report.
     */
    public static FairnessReport auditDecisions(
            int[] yTrue,
            int[] yPred,
            double decisionThreshold,
            Map<String, String[]> groupsByAttribute,
            double gateThreshold) {
        if (groupsByAttribute.isEmpty()) {
            throw new IllegalArgumentException(
                    "no sensitive attribute given: name one, or detect them with SensitiveAttributes.detect");
        }
        if (!(gateThreshold >= 0 && gateThreshold <= 1)) {
            throw new IllegalArgumentException("gate threshold must be in [0, 1], got " + gateThreshold);
        }
        List<AttributeFairness> attributes = new ArrayList<>();
        for (Map.Entry<String, String[]> e : groupsByAttribute.entrySet()) {
            attributes.add(auditAttribute(e.getKey(), yTrue, yPred, e.getValue(), gateThreshold));
        }
        AttributeFairness worst = attributes.stream()
                .max((a, b) -> Double.compare(a.demographicParityDifference(), b.demographicParityDifference()))
                .orElseThrow();
        boolean passed = attributes.stream().allMatch(AttributeFairness::gatePassed);
        return new FairnessReport(
                decisionThreshold,
                gateThreshold,
                passed,
                worst.demographicParityDifference(),
                worst.attribute(),
                attributes,
                null);
    }

    /** Figures of one attribute for decisions {@code yPred}. */
    public static AttributeFairness auditAttribute(
            String attribute, int[] yTrue, int[] yPred, String[] groups, double gateThreshold) {
        checkLabels("yTrue", yTrue);
        checkLabels("yPred", yPred);
        if (yPred.length != yTrue.length || groups.length != yTrue.length) {
            throw new IllegalArgumentException("attribute '" + attribute + "': " + groups.length + " group values, "
                    + yTrue.length + " labels and " + yPred.length + " predictions; all must have one value per row");
        }
        Map<String, int[]> confusion = new LinkedHashMap<>(); // tp, fp, tn, fn
        for (int i = 0; i < yTrue.length; i++) {
            int[] c = confusion.computeIfAbsent(groupOf(groups[i]), g -> new int[4]);
            if (yPred[i] == 1) {
                c[yTrue[i] == 1 ? 0 : 1]++;
            } else {
                c[yTrue[i] == 0 ? 2 : 3]++;
            }
        }
        List<GroupMetrics> metrics = new ArrayList<>();
        confusion.forEach((g, c) -> metrics.add(GroupMetrics.of(g, c[0], c[1], c[2], c[3])));

        double minSel =
                metrics.stream().mapToDouble(GroupMetrics::selectionRate).min().orElse(0);
        double maxSel =
                metrics.stream().mapToDouble(GroupMetrics::selectionRate).max().orElse(0);
        double dpDifference = maxSel - minSel;
        double dpRatio = maxSel == 0 ? 1.0 : minSel / maxSel;
        double tprGap = gap(metrics.stream().map(GroupMetrics::tpr).toList());
        double fprGap = gap(metrics.stream().map(GroupMetrics::fpr).toList());
        return new AttributeFairness(
                attribute, metrics, dpDifference, dpRatio, Math.max(tprGap, fprGap), dpDifference <= gateThreshold);
    }

    /** 1 where score ≥ threshold, else 0. */
    public static int[] decide(double[] scores, double threshold) {
        int[] out = new int[scores.length];
        for (int i = 0; i < scores.length; i++) {
            if (Double.isNaN(scores[i])) {
                throw new IllegalArgumentException("score at row " + i + " is NaN; score every row first");
            }
            out[i] = scores[i] >= threshold ? 1 : 0;
        }
        return out;
    }

    static String groupOf(String value) {
        return value == null ? MISSING_GROUP : value;
    }

    static void checkLabels(String name, int[] labels) {
        for (int i = 0; i < labels.length; i++) {
            if (labels[i] != 0 && labels[i] != 1) {
                throw new IllegalArgumentException(
                        name + " at row " + i + " is " + labels[i] + "; binary labels must be 0 or 1");
            }
        }
    }

    private static double gap(List<Double> rates) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (Double r : rates) {
            if (r != null) {
                min = Math.min(min, r);
                max = Math.max(max, r);
            }
        }
        return max >= min ? max - min : 0.0;
    }
}
