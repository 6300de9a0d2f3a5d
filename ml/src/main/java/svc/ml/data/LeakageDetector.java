package svc.ml.data;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.IntStream;
import svc.ml.eval.Metrics;

/**
 * Finds features that give the target away, by evidence on the training rows first and by
 * meaning second. Checks, each a {@link LeakageFinding} with its figures:
 *
 * <ul>
 *   <li><b>target_copy</b>: the feature is the target under other names (one-to-one values). High.</li>
 *   <li><b>near_perfect_predictor</b>: the feature alone reaches ROC AUC {@value #NEAR_PERFECT_AUC}
 *       (R² {@value #NEAR_PERFECT_R2} for a numeric target), measured out of fold
 *       ({@link FeatureScreen}). High.</li>
 *   <li><b>presence_depends_on_target</b>: whether the feature is filled in at all tells the class:
 *       the rows where it is present (or missing) are almost all one class
 *       (≥ {@value #PRESENCE_PURITY_HIGH} of them, and the other classes there at most a tenth of
 *       their overall share), as a body number is only filled in for the dead. High; medium from
 *       {@value #PRESENCE_PURITY_MEDIUM}.</li>
 *   <li><b>dominant_predictor</b>: the feature alone predicts far better than every other one
 *       (Gini, or R² for a number, ≥ {@value #DOMINANT_GINI} and ≥ {@value #DOMINANT_RATIO}× the
 *       next best, among at least {@value #MIN_OTHERS_FOR_DOMINANCE} others). Medium; high
 *       when its meaning also says "known after the outcome".</li>
 *   <li><b>post_outcome_meaning</b>: the name ({@code duration}, {@code outcome}, {@code result},
 *       {@code closed_date}, …) or the statement ("… known only after the call") says the value is
 *       known only after the outcome. The statement's word is high; a name alone is low and kept
 *       (a loan's duration is known up front), medium when the column is also the strongest single
 *       predictor and a strong one (Gini or R² ≥ {@value #NAMED_STRONG}).</li>
 *   <li><b>identifier</b>: nearly one distinct value per row (text, or whole numbers named like an id
 *       or following the row order): not a feature, dropped; <b>identifier_follows_target</b> when
 *       such a number also predicts the target (AUC ≥ 0.6: the rows were numbered in label order).</li>
 *   <li><b>row_order</b>: the file is sorted by something close to the target (row number AUC
 *       ≥ 0.65); noted, since the split is shuffled.</li>
 * </ul>
 *
 * Medium findings are put to a person ({@code ask}) or, for a quick prototype, dropped with a
 * warning; high ones are dropped; low ones are kept and reported.
 */
public final class LeakageDetector {

    public static final double NEAR_PERFECT_AUC = 0.98;
    public static final double NEAR_PERFECT_R2 = 0.98;
    public static final double PRESENCE_PURITY_HIGH = 0.97;
    public static final double PRESENCE_PURITY_MEDIUM = 0.9;
    public static final double DOMINANT_GINI = 0.5;
    public static final double DOMINANT_RATIO = 1.7;
    /**
     * Strength (Gini for classes, R² for a number) from which the strongest feature's post-outcome
     * name turns from low to medium.
     */
    static final double NAMED_STRONG = 0.5;

    private static final int MIN_GROUP_ROWS = 20;
    /** Features the strongest one is compared with before it can be called dominant. */
    static final int MIN_OTHERS_FOR_DOMINANCE = 3;

    /** Words of a column name that mean "known only after the outcome". */
    private static final Set<String> POST_OUTCOME_WORDS = Set.of(
            "duration",
            "outcome",
            "result",
            "results",
            "resolution",
            "resolved",
            "closed",
            "closing",
            "settled",
            "settlement",
            "payout",
            "payoff",
            "refund",
            "refunded",
            "chargeback",
            "chargeoff",
            "recovery",
            "recovered",
            "death",
            "died",
            "deceased",
            "discharge",
            "discharged",
            "followup",
            "after",
            "post",
            "final",
            "actual",
            "realized",
            "ended",
            "termination",
            "terminated",
            "cancelled",
            "canceled",
            "cancellation",
            "collected",
            "collections");
    /** Phrases by which a statement says a column is known only after the outcome. */
    private static final List<String> POST_OUTCOME_PHRASES = List.of(
            "known only after",
            "only known after",
            "known after",
            "only after",
            "after the outcome",
            "after the fact",
            "after the call",
            "after the event",
            "recorded after",
            "post-outcome",
            "post outcome",
            "not known before",
            "not known at",
            "unknown at prediction",
            "not available at prediction",
            "leaks",
            "leak");

    private static final Set<String> ID_WORDS =
            Set.of("id", "ids", "key", "index", "idx", "no", "nr", "number", "num", "code", "uuid", "guid", "row");

    /** What to do with medium-confidence leaks. */
    public enum MediumPolicy {
        /** Put them to a person at the data stage's gate. */
        ASK,
        /** Drop them and say so (a quick prototype with no gate). */
        DROP_WITH_WARNING
    }

    private LeakageDetector() {}

    /** The screen with no statement and leaks put to a person, on every labelled row. */
    public static LeakageReport detect(Dataset data, String target) {
        return screen(data, target, null, "", MediumPolicy.ASK, 42);
    }

    /**
     * Screens every feature of {@code data} against {@code target} on {@code trainRows} (null: all
     * labelled rows).
     */
    public static LeakageReport screen(
            Dataset data, String target, int[] trainRows, String statement, MediumPolicy policy, long seed) {
        Dataset train = trainRows == null ? data : data.select(trainRows);
        Column t = train.column(target);
        int[] labelled =
                IntStream.range(0, t.size()).filter(i -> !t.isMissing(i)).toArray();
        train = train.select(labelled);
        Column y = train.column(target);
        TreeMap<String, Integer> classIndex = new TreeMap<>();
        for (int i = 0; i < y.size(); i++) {
            classIndex.putIfAbsent(y.value(i), 0);
        }
        boolean regression = y.type() == ColumnType.NUMERIC && classIndex.size() > 20;
        int k = classIndex.size();
        List<String> labelOf = new ArrayList<>(classIndex.keySet());
        int[] classes = null;
        double[] numbers = null;
        if (regression) {
            numbers = new double[y.size()];
            for (int i = 0; i < numbers.length; i++) {
                numbers[i] = y.number(i);
            }
        } else {
            int next = 0;
            for (String key : classIndex.keySet()) {
                classIndex.put(key, next++);
            }
            classes = new int[y.size()];
            for (int i = 0; i < classes.length; i++) {
                classes[i] = classIndex.get(y.value(i));
            }
            if (k == 2) {
                // the minority class counts as positive, so a presence test reads naturally
                int ones = 0;
                for (int c : classes) {
                    ones += c;
                }
                if (ones > classes.length - ones) {
                    for (int i = 0; i < classes.length; i++) {
                        classes[i] = 1 - classes[i];
                    }
                    labelOf = List.of(labelOf.get(1), labelOf.get(0));
                }
            }
        }
        StatementReader.Reading reading = StatementReader.read(statement, data.columnNames());

        List<LeakageFinding> findings = new ArrayList<>();
        Map<String, FeatureScreen.Strength> strengths = new LinkedHashMap<>();
        Set<String> settled = new HashSet<>();
        Set<String> identifiers = new HashSet<>();
        for (Column f : train.columns()) {
            if (f.name().equals(target)) {
                continue;
            }
            if (k >= 2 && !regression && LeakageChecks.isRelabelledCopy(f, y)) {
                findings.add(leak(
                        f.name(),
                        "target_copy",
                        Map.of("distinct_values", classIndex.size()),
                        LeakageFinding.HIGH,
                        policy,
                        "'" + f.name() + "' is the target '" + target + "' under other names (one-to-one values)"));
                settled.add(f.name());
                continue;
            }
            LeakageChecks.Identifier id = LeakageChecks.identifier(f, ID_WORDS);
            if (id != null) {
                identifiers.add(f.name());
                double auc = !regression && k == 2 && f.isNumericLike() ? FeatureScreen.rankAuc(f, classes) : 0.5;
                if (auc >= 0.6) {
                    findings.add(leak(
                            f.name(),
                            "identifier_follows_target",
                            evidence("distinct_share", id.distinctShare(), "auc", auc),
                            LeakageFinding.HIGH,
                            policy,
                            String.format(
                                    Locale.ROOT,
                                    "'%s' is an identifier (%s) that predicts the target alone with AUC %.3f:"
                                            + " the rows were numbered in label order",
                                    f.name(),
                                    id.why(),
                                    auc)));
                } else {
                    findings.add(new LeakageFinding(
                            f.name(),
                            "identifier",
                            evidence("distinct_share", id.distinctShare()),
                            LeakageFinding.HIGH,
                            LeakageFinding.DROPPED,
                            "'" + f.name() + "' is an identifier, not a feature (" + id.why() + ")"));
                }
                settled.add(f.name());
                continue;
            }
            FeatureScreen.Strength s = FeatureScreen.strength(f, classes, k, numbers, seed);
            strengths.put(f.name(), s);
            boolean nearPerfect = regression ? s.r2() >= NEAR_PERFECT_R2 : s.auc() >= NEAR_PERFECT_AUC;
            if (nearPerfect) {
                findings.add(leak(
                        f.name(),
                        "near_perfect_predictor",
                        regression ? evidence("r2", s.r2()) : evidence("auc", s.auc()),
                        LeakageFinding.HIGH,
                        policy,
                        String.format(
                                Locale.ROOT,
                                "'%s' alone predicts '%s' almost perfectly (%s %.3f out of fold on the training rows)",
                                f.name(),
                                target,
                                regression ? "R²" : "ROC AUC",
                                regression ? s.r2() : s.auc())));
                settled.add(f.name());
                continue;
            }
            if (!regression) {
                LeakageFinding presence = presence(f, classes, k, policy, labelOf, target);
                if (presence != null) {
                    findings.add(presence);
                    if (presence.confidence().equals(LeakageFinding.HIGH)) {
                        settled.add(f.name());
                    }
                }
            }
        }
        dominance(findings, strengths, settled, reading, policy, regression, target);
        meaning(findings, train, target, strengths, settled, identifiers, reading, policy);
        if (!regression && k == 2) {
            rowOrder(data, target, labelOf.get(1)).ifPresent(findings::add);
        }
        Set<String> leaky = new LinkedHashSet<>();
        findings.stream().filter(LeakageFinding::isLeak).forEach(f -> leaky.add(f.column()));
        return new LeakageReport(List.copyOf(leaky), findings);
    }

    /** Presence (or absence) of a value that almost fixes the class. */
    private static LeakageFinding presence(
            Column f, int[] classes, int k, MediumPolicy policy, List<String> labelOf, String target) {
        int n = f.size();
        int missing = f.missingCount();
        if (missing == 0 || missing == n || missing < 0.005 * n || missing > 0.995 * n) {
            return null;
        }
        double[] overall = new double[k];
        double[][] byGroup = new double[2][k];
        for (int i = 0; i < n; i++) {
            overall[classes[i]]++;
            byGroup[f.isMissing(i) ? 1 : 0][classes[i]]++;
        }
        LeakageFinding best = null;
        for (int g = 0; g < 2; g++) {
            double size = 0;
            int major = 0;
            for (int c = 0; c < k; c++) {
                size += byGroup[g][c];
                if (byGroup[g][c] > byGroup[g][major]) {
                    major = c;
                }
            }
            if (size < Math.max(MIN_GROUP_ROWS, 0.01 * n)) {
                continue;
            }
            double purity = byGroup[g][major] / size;
            double base = overall[major] / n;
            double ratio = base >= 1 ? 1 : (1 - purity) / (1 - base);
            String confidence = purity >= PRESENCE_PURITY_HIGH && ratio <= 0.1
                    ? LeakageFinding.HIGH
                    : purity >= PRESENCE_PURITY_MEDIUM && ratio <= 0.25 ? LeakageFinding.MEDIUM : null;
            if (confidence == null || (best != null && best.confidence().equals(LeakageFinding.HIGH))) {
                continue;
            }
            String label = labelOf.get(major);
            String where = g == 0 ? "present" : "missing";
            best = leak(
                    f.name(),
                    "presence_depends_on_target",
                    evidence(
                            where + "_rows",
                            (int) size,
                            "class",
                            label,
                            "class_share_where_" + where,
                            purity,
                            "class_share_overall",
                            base),
                    confidence,
                    policy,
                    String.format(
                            Locale.ROOT,
                            "where '%s' is %s (%d training rows), %.1f%% have %s = %s against %.1f%% overall:"
                                    + " whether it is filled in tells the outcome",
                            f.name(),
                            where,
                            (int) size,
                            100 * purity,
                            target,
                            label,
                            100 * base));
        }
        return best;
    }

    /** A feature that alone predicts far better than every other. */
    private static void dominance(
            List<LeakageFinding> findings,
            Map<String, FeatureScreen.Strength> strengths,
            Set<String> settled,
            StatementReader.Reading reading,
            MediumPolicy policy,
            boolean regression,
            String target) {
        List<Map.Entry<String, FeatureScreen.Strength>> ranked = strengths.entrySet().stream()
                .filter(e -> !settled.contains(e.getKey()))
                .sorted(Comparator.comparingDouble((Map.Entry<String, FeatureScreen.Strength> e) ->
                                e.getValue().skill())
                        .reversed())
                .toList();
        // "better than every other feature" means little with one or two others to compare with
        if (ranked.size() < 1 + MIN_OTHERS_FOR_DOMINANCE) {
            return;
        }
        var top = ranked.get(0);
        var next = ranked.get(1);
        double a = top.getValue().skill();
        double b = Math.max(0, next.getValue().skill());
        if (a < DOMINANT_GINI || a < DOMINANT_RATIO * b) {
            return;
        }
        boolean meaning =
                postOutcomeWord(top.getKey()) != null || statementSaysPostOutcome(reading, top.getKey()) != null;
        Map<String, Object> ev = regression
                ? evidence(
                        "r2",
                        top.getValue().r2(),
                        "next_best",
                        next.getKey(),
                        "next_best_r2",
                        next.getValue().r2())
                : evidence(
                        "auc",
                        top.getValue().auc(),
                        "next_best",
                        next.getKey(),
                        "next_best_auc",
                        next.getValue().auc());
        findings.add(leak(
                top.getKey(),
                "dominant_predictor",
                ev,
                meaning ? LeakageFinding.HIGH : LeakageFinding.MEDIUM,
                policy,
                String.format(
                        Locale.ROOT,
                        "'%s' alone predicts '%s' far better than any other feature (%s %.3f; next best '%s' %.3f)%s",
                        top.getKey(),
                        target,
                        regression ? "R²" : "AUC",
                        regression ? top.getValue().r2() : top.getValue().auc(),
                        next.getKey(),
                        regression ? next.getValue().r2() : next.getValue().auc(),
                        meaning ? ", and its meaning says it is known only after the outcome" : "")));
        settled.add(top.getKey());
    }

    /** Names and statement sentences that say a value is known only after the outcome. */
    private static void meaning(
            List<LeakageFinding> findings,
            Dataset train,
            String target,
            Map<String, FeatureScreen.Strength> strengths,
            Set<String> settled,
            Set<String> identifiers,
            StatementReader.Reading reading,
            MediumPolicy policy) {
        String strongest = strengths.entrySet().stream()
                .max(Comparator.comparingDouble(e -> e.getValue().skill()))
                .map(Map.Entry::getKey)
                .orElse(null);
        for (Column f : train.columns()) {
            String name = f.name();
            if (name.equals(target) || settled.contains(name) || identifiers.contains(name)) {
                continue;
            }
            String said = statementSaysPostOutcome(reading, name);
            String word = postOutcomeWord(name);
            if (said == null && word == null) {
                continue;
            }
            FeatureScreen.Strength s = strengths.get(name);
            double skill = s == null ? 0 : s.skill();
            int rank = 1;
            for (FeatureScreen.Strength other : strengths.values()) {
                if (other.skill() > skill) {
                    rank++;
                }
            }
            Map<String, Object> ev = new LinkedHashMap<>();
            if (said != null) {
                ev.put("statement", said);
            }
            if (word != null) {
                ev.put("name_word", word);
            }
            if (s != null) {
                ev.put(Double.isNaN(s.auc()) ? "r2" : "auc", round(Double.isNaN(s.auc()) ? s.r2() : s.auc()));
                ev.put("rank", rank);
                ev.put("features", strengths.size());
            }
            String confidence;
            String because;
            if (said != null) {
                confidence = LeakageFinding.HIGH;
                because = "the statement says it is known only after the outcome («" + said + "»)";
            } else if (name.equals(strongest) && skill >= NAMED_STRONG) {
                confidence = LeakageFinding.MEDIUM;
                because = "its name ('" + word + "') suggests a value known only after the outcome, and it is the"
                        + " strongest single predictor";
            } else {
                confidence = LeakageFinding.LOW;
                because = "its name ('" + word + "') suggests a value known only after the outcome, but it predicts"
                        + " no better than other features (rank " + rank + " of " + strengths.size() + "): kept";
            }
            findings.add(
                    confidence.equals(LeakageFinding.LOW)
                            ? new LeakageFinding(
                                    name,
                                    "post_outcome_meaning",
                                    ev,
                                    confidence,
                                    LeakageFinding.KEPT,
                                    "'" + name + "': " + because)
                            : leak(name, "post_outcome_meaning", ev, confidence, policy, "'" + name + "': " + because));
        }
    }

    /** The training rows are ordered by something close to the target (a note: the split is shuffled). */
    private static Optional<LeakageFinding> rowOrder(Dataset data, String target, String positive) {
        Column t = data.column(target);
        int n = 0;
        for (int i = 0; i < t.size(); i++) {
            if (!t.isMissing(i)) {
                n++;
            }
        }
        boolean[] pos = new boolean[n];
        double[] order = new double[n];
        int j = 0;
        for (int i = 0; i < t.size(); i++) {
            if (!t.isMissing(i)) {
                pos[j] = t.value(i).equals(positive);
                order[j++] = i;
            }
        }
        double auc = Metrics.rocAuc(pos, order);
        double strength = Math.max(auc, 1 - auc);
        if (Double.isNaN(auc) || strength < 0.65) {
            return Optional.empty();
        }
        return Optional.of(new LeakageFinding(
                null,
                "row_order",
                evidence("auc", strength),
                LeakageFinding.LOW,
                LeakageFinding.NOTED,
                String.format(
                        Locale.ROOT,
                        "the file's row order predicts '%s' with AUC %.3f: the rows are sorted by something close to"
                                + " it. The split is shuffled, so order itself does not leak, but a row number would",
                        target,
                        strength)));
    }

    private static LeakageFinding leak(
            String column,
            String kind,
            Map<String, Object> evidence,
            String confidence,
            MediumPolicy policy,
            String message) {
        String action = switch (confidence) {
            case LeakageFinding.HIGH -> LeakageFinding.DROPPED;
            case LeakageFinding.MEDIUM ->
                policy == MediumPolicy.ASK ? LeakageFinding.ASK : LeakageFinding.DROPPED_WITH_WARNING;
            default -> LeakageFinding.KEPT;
        };
        return new LeakageFinding(column, kind, evidence, confidence, action, message);
    }

    static String postOutcomeWord(String column) {
        for (String w : Words.ofName(column)) {
            if (POST_OUTCOME_WORDS.contains(w)) {
                return w;
            }
        }
        return null;
    }

    static String statementSaysPostOutcome(StatementReader.Reading reading, String column) {
        for (StatementReader.Cue cue : reading.about(column)) {
            String q = cue.quote().toLowerCase(Locale.ROOT);
            for (String phrase : POST_OUTCOME_PHRASES) {
                if (q.contains(phrase)) {
                    return cue.quote();
                }
            }
        }
        return null;
    }

    private static Map<String, Object> evidence(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            Object v = kv[i + 1];
            m.put((String) kv[i], v instanceof Double d ? round(d) : v);
        }
        return m;
    }

    private static double round(double v) {
        return Math.round(v * 10000) / 10000.0;
    }
}
