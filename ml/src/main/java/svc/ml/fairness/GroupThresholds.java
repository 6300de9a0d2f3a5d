package svc.ml.fairness;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * Per-group decision thresholds: post-processing that equalizes selection rates (demographic
 * parity) or true-positive rates (equal opportunity) across the groups of one attribute.
 *
 * <p>A row is selected when its score is at or above its group's threshold; groups not seen when
 * fitting use {@code defaultThreshold}.
 *
 * @param attribute        the sensitive attribute the thresholds are for
 * @param thresholds       threshold per group
 * @param defaultThreshold threshold for groups without their own
 */
public record GroupThresholds(String attribute, Map<String, Double> thresholds, double defaultThreshold) {

    /** Which rate the thresholds equalize. */
    public enum Criterion {
        SELECTION_RATE,
        TRUE_POSITIVE_RATE
    }

    /**
     * A fitted policy and what it did on the fitting data.
     *
     * @param withinTolerance false when no choice of thresholds brought the rates within the
     *                        tolerance (tiny groups); the thresholds then give the smallest gap found
     */
    public record Fit(GroupThresholds policy, boolean withinTolerance, Mitigation mitigation) {}

    /** Spacing of the target rates tried; fine enough that the rounding costs little accuracy. */
    private static final double GRID_STEP = 0.0025;

    public GroupThresholds {
        thresholds = Map.copyOf(thresholds);
    }

    /** Decisions for new rows. */
    public int[] apply(double[] scores, String[] groups) {
        if (scores.length != groups.length) {
            throw new IllegalArgumentException(
                    scores.length + " scores but " + groups.length + " '" + attribute + "' values");
        }
        int[] out = new int[scores.length];
        for (int i = 0; i < scores.length; i++) {
            double t = thresholds.getOrDefault(FairnessAuditor.groupOf(groups[i]), defaultThreshold);
            out[i] = scores[i] >= t ? 1 : 0;
        }
        return out;
    }

    /**
     * Chooses thresholds on the validation split so that the groups' rates differ by at most
     * {@code tolerance}, keeping as many correct decisions as possible.
     *
     * <p>Method: for each target rate r on a grid, every group independently takes the threshold
     * whose rate lies within r ± tolerance/2 and that makes the most correct decisions; all rates
     * then lie within the tolerance of each other. The r with the most correct decisions overall
     * wins. Only thresholds at distinct score values are tried, so tied scores are never split.
     */
    public static Fit fit(
            String attribute,
            int[] yValidation,
            double[] scoresValidation,
            String[] groupsValidation,
            double defaultThreshold,
            Criterion criterion,
            double tolerance) {
        FairnessAuditor.checkLabels("yValidation", yValidation);
        if (scoresValidation.length != yValidation.length || groupsValidation.length != yValidation.length) {
            throw new IllegalArgumentException(
                    "attribute '" + attribute + "': labels, scores and groups must have one value per row; got "
                            + yValidation.length + ", " + scoresValidation.length + ", " + groupsValidation.length);
        }
        if (!(tolerance >= 0 && tolerance < 1)) {
            throw new IllegalArgumentException("tolerance must be in [0, 1), got " + tolerance);
        }
        Map<String, List<Integer>> rowsByGroup = new LinkedHashMap<>();
        for (int i = 0; i < yValidation.length; i++) {
            rowsByGroup
                    .computeIfAbsent(FairnessAuditor.groupOf(groupsValidation[i]), g -> new ArrayList<>())
                    .add(i);
        }
        List<Candidates> groups = new ArrayList<>();
        rowsByGroup.forEach((g, rows) -> groups.add(Candidates.of(g, rows, yValidation, scoresValidation, criterion)));

        int[] bestChoice = null;
        long bestCorrect = -1;
        double bestGap = Double.POSITIVE_INFINITY;
        boolean bestFeasible = false;
        int steps = (int) Math.round(1.0 / GRID_STEP);
        for (int s = 0; s <= steps; s++) {
            double target = s * GRID_STEP;
            int[] choice = new int[groups.size()];
            long correct = 0;
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            for (int g = 0; g < groups.size(); g++) {
                Candidates c = groups.get(g);
                choice[g] = c.best(target, tolerance / 2);
                correct += c.correct[choice[g]];
                double rate = c.rate[choice[g]];
                if (!Double.isNaN(rate)) {
                    min = Math.min(min, rate);
                    max = Math.max(max, rate);
                }
            }
            double gap = max >= min ? max - min : 0;
            boolean feasible = gap <= tolerance + 1e-12;
            boolean better = feasible
                    ? !bestFeasible || correct > bestCorrect
                    : !bestFeasible && (gap < bestGap || (gap == bestGap && correct > bestCorrect));
            if (better) {
                bestChoice = choice;
                bestCorrect = correct;
                bestGap = gap;
                bestFeasible = feasible;
            }
        }
        Map<String, Double> thresholds = new LinkedHashMap<>();
        for (int g = 0; g < groups.size(); g++) {
            thresholds.put(groups.get(g).group, groups.get(g).threshold[bestChoice[g]]);
        }
        GroupThresholds policy = new GroupThresholds(attribute, thresholds, defaultThreshold);
        int[] before = FairnessAuditor.decide(scoresValidation, defaultThreshold);
        int[] after = policy.apply(scoresValidation, groupsValidation);
        Mitigation mitigation = new Mitigation(
                "group_thresholds",
                attribute,
                "decisions on the validation split: one threshold "
                        + defaultThreshold
                        + " vs per-group thresholds equalizing "
                        + (criterion == Criterion.SELECTION_RATE ? "selection rate" : "true-positive rate")
                        + " within "
                        + tolerance,
                figures(attribute, yValidation, before, groupsValidation),
                figures(attribute, yValidation, after, groupsValidation),
                new LinkedHashMap<>(thresholds),
                null);
        return new Fit(policy, bestFeasible, mitigation);
    }

    private static MitigationFigures figures(String attribute, int[] y, int[] pred, String[] groups) {
        AttributeFairness a = FairnessAuditor.auditAttribute(attribute, y, pred, groups, 1.0);
        Map<String, Double> rates = new LinkedHashMap<>();
        for (GroupMetrics m : a.groups()) {
            rates.put(m.group(), m.selectionRate());
        }
        long correct = IntStream.range(0, y.length).filter(i -> pred[i] == y[i]).count();
        return new MitigationFigures(
                a.demographicParityDifference(), a.equalizedOddsDifference(), (double) correct / y.length, rates);
    }

    /**
     * One group's possible thresholds: entry k selects the k top-scored rows (k only where the
     * next score is strictly lower), with its rate and its number of correct decisions.
     */
    private static final class Candidates {
        final String group;
        final double[] threshold;
        final double[] rate;
        final long[] correct;

        private Candidates(String group, double[] threshold, double[] rate, long[] correct) {
            this.group = group;
            this.threshold = threshold;
            this.rate = rate;
            this.correct = correct;
        }

        static Candidates of(String group, List<Integer> rows, int[] y, double[] scores, Criterion criterion) {
            int[] order = rows.stream()
                    .sorted(Comparator.comparingDouble((Integer i) -> scores[i]).reversed())
                    .mapToInt(Integer::intValue)
                    .toArray();
            int n = order.length;
            int positives = (int) IntStream.of(order).filter(i -> y[i] == 1).count();
            int negatives = n - positives;
            List<double[]> entries = new ArrayList<>(); // threshold, rate, correct
            int tp = 0;
            for (int k = 0; k <= n; k++) {
                if (k > 0) {
                    tp += y[order[k - 1]];
                }
                boolean boundary = k == 0 || k == n || scores[order[k - 1]] > scores[order[k]];
                if (!boundary) {
                    continue;
                }
                double t = k == 0 ? Math.nextUp(scores[order[0]]) : scores[order[k - 1]];
                double rate = criterion == Criterion.SELECTION_RATE
                        ? (double) k / n
                        : positives == 0 ? Double.NaN : (double) tp / positives;
                long correct = tp + (negatives - (k - tp));
                entries.add(new double[] {t, rate, correct});
            }
            double[] th = new double[entries.size()];
            double[] rt = new double[entries.size()];
            long[] co = new long[entries.size()];
            for (int e = 0; e < entries.size(); e++) {
                th[e] = entries.get(e)[0];
                rt[e] = entries.get(e)[1];
                co[e] = (long) entries.get(e)[2];
            }
            return new Candidates(group, th, rt, co);
        }

        /** Index of the most accurate entry within target ± halfWidth, else the nearest in rate. */
        int best(double target, double halfWidth) {
            int best = -1;
            int nearest = 0;
            double nearestDistance = Double.POSITIVE_INFINITY;
            for (int e = 0; e < rate.length; e++) {
                double distance = Double.isNaN(rate[e]) ? 0 : Math.abs(rate[e] - target);
                if (distance <= halfWidth + 1e-12 && (best < 0 || correct[e] > correct[best])) {
                    best = e;
                }
                if (distance < nearestDistance) {
                    nearestDistance = distance;
                    nearest = e;
                }
            }
            return best >= 0 ? best : nearest;
        }
    }
}
