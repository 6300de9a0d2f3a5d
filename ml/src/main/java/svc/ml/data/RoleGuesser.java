package svc.ml.data;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import svc.ml.fairness.SensitiveAttributes;

/**
 * Finds the target and the sensitive attributes from the problem statement and the data.
 *
 * <p>The target is read from what the statement's sentences do with each column
 * ({@link StatementReader}): named as the target, the object of "predict", asked about in a
 * question, or only mentioned; a column the statement calls protected or says not to use is never
 * chosen. The data adds weaker evidence: the statement naming the values of a column ("earns more
 * than 50K" for a column of {@code <=50K}/{@code >50K}), a conventional target name
 * ({@code target}, {@code label}, {@code y}, …), a binary column, the first or last position. The
 * reading is <b>clear</b> when one column is named more strongly than every other (or, with no
 * column named, when the statement speaks of one column's values only); otherwise the best
 * candidate is only a proposal and a person should confirm it.
 */
public final class RoleGuesser {

    /** Conventional names of a target column, whatever the domain. */
    private static final Set<String> TARGET_NAMES =
            Set.of("target", "label", "labels", "class", "outcome", "y", "response", "result", "ground_truth");
    /** Values too common across columns to tie a statement to one column. */
    private static final Set<String> PLAIN_VALUES = Set.of(
            "yes", "no", "true", "false", "none", "other", "unknown", "a", "an", "the", "of", "and", "or", "not");

    private static final int LOW_CARDINALITY = 20;

    /** Why a column is sensitive: the statement said so. */
    public static final String FROM_STATEMENT = "the statement calls it protected";
    /** Why a column is sensitive: its name marks a protected characteristic. */
    public static final String FROM_NAME = "its name marks a protected characteristic";

    private RoleGuesser() {}

    /** One column considered as the target, its score and the evidence for and against it. */
    public record Candidate(String column, int score, boolean excluded, List<String> evidence) {}

    /**
     * The statement's target: {@code column} is the choice when {@code clear}, else the best
     * proposal (null when there is none); {@code reason} says why in one sentence; candidates come
     * best first, excluded ones last.
     */
    public record TargetReading(String column, boolean clear, String reason, List<Candidate> candidates) {
        public Optional<String> proposal() {
            return Optional.ofNullable(column);
        }
    }

    /** A sensitive attribute and why it is one. */
    public record Sensitive(String column, String reason) {}

    /** Reads the target from the statement and the data. */
    public static TargetReading readTarget(String statement, Dataset data) {
        StatementReader.Reading reading = StatementReader.read(statement, data.columnNames());
        Set<String> words = new HashSet<>(reading.words());
        List<Scored> scored = new ArrayList<>();
        List<Column> columns = data.columns();
        for (int i = 0; i < columns.size(); i++) {
            scored.add(score(columns.get(i), i, columns.size(), reading, words, data));
        }
        List<Scored> usable = scored.stream()
                .filter(s -> !s.excluded() && s.usable())
                .sorted(Comparator.comparingInt(Scored::rank)
                        .thenComparingInt(Scored::score)
                        .reversed())
                .toList();
        List<Candidate> candidates = new ArrayList<>();
        usable.stream()
                .filter(s -> s.score() > 0 || s.rank() > 0)
                .limit(8)
                .forEach(s -> candidates.add(new Candidate(s.column(), s.score(), false, s.evidence())));
        scored.stream()
                .filter(Scored::excluded)
                .forEach(s -> candidates.add(new Candidate(s.column(), s.score(), true, s.evidence())));
        if (usable.isEmpty() || (usable.get(0).score() <= 0 && usable.get(0).rank() == 0)) {
            return new TargetReading(null, false, "no column stands out as the target", List.copyOf(candidates));
        }
        Scored best = usable.get(0);
        boolean rival = usable.size() > 1 && usable.get(1).rank() >= best.rank();
        boolean clear = best.rank() >= 2 && !rival;
        String reason = clear
                ? best.evidence().get(0)
                : rival && best.rank() > 0
                        ? "the statement points at several columns (" + best.column() + ", "
                                + usable.get(1).column() + ")"
                        : "the statement names no target; " + best.column() + " is only the likeliest column ("
                                + String.join("; ", best.evidence()) + ")";
        return new TargetReading(best.column(), clear, reason, List.copyOf(candidates));
    }

    /** The column named in the request: checked against what the statement says of it. */
    public static TargetReading named(String column, String statement, Dataset data) {
        StatementReader.Reading reading = StatementReader.read(statement, data.columnNames());
        List<String> evidence = new ArrayList<>();
        evidence.add("named as the target in the request");
        if (reading.says(column, StatementReader.Role.PROTECTED)) {
            evidence.add("warning: the statement calls it protected");
        }
        return new TargetReading(
                column,
                true,
                "named as the target in the request",
                List.of(new Candidate(column, 100, false, List.copyOf(evidence))));
    }

    /**
     * The sensitive attributes: those the statement calls protected or sensitive, then those whose
     * column name marks a protected characteristic; never the target.
     */
    public static List<Sensitive> sensitive(String statement, Dataset data, String target) {
        StatementReader.Reading reading = StatementReader.read(statement, data.columnNames());
        Set<String> seen = new LinkedHashSet<>();
        List<Sensitive> out = new ArrayList<>();
        for (String c : reading.protectedColumns()) {
            if (!c.equals(target) && seen.add(c)) {
                out.add(new Sensitive(c, FROM_STATEMENT));
            }
        }
        for (String c : sensitiveColumns(data)) {
            if (!c.equals(target) && seen.add(c)) {
                out.add(new Sensitive(c, FROM_NAME));
            }
        }
        return out;
    }

    /** Columns whose name marks a protected attribute (by word, so "wage" is not "age"). */
    public static List<String> sensitiveColumns(Dataset data) {
        return SensitiveAttributes.detect(data.columnNames());
    }

    // ---- scoring --------------------------------------------------------------------------

    private record Scored(
            String column, int rank, int score, boolean excluded, boolean usable, List<String> evidence) {}

    private static Scored score(
            Column c, int position, int count, StatementReader.Reading reading, Set<String> words, Dataset data) {
        List<String> evidence = new ArrayList<>();
        int rank = 0;
        int score = 0;
        boolean excluded = false;
        for (StatementReader.Cue cue : reading.about(c.name())) {
            String quoted = " («" + cue.quote() + "»)";
            String part = cue.partial() ? " by the first word of its name" : "";
            switch (cue.role()) {
                case EXPLICIT_TARGET -> {
                    rank = Math.max(rank, 4);
                    score += cue.partial() ? 80 : 100;
                    evidence.add(0, "the statement names it" + part + " as the target" + quoted);
                }
                case GOVERNED -> {
                    rank = Math.max(rank, 3);
                    score += cue.partial() ? 45 : 60;
                    evidence.add("the statement asks to predict it" + part + quoted);
                }
                case ASKED_IN_QUESTION -> {
                    rank = Math.max(rank, 2);
                    score += 40;
                    evidence.add("the statement's question asks about it" + part + quoted);
                }
                case MENTIONED -> {
                    score += 10;
                    evidence.add("the statement mentions it" + part + quoted);
                }
                case FEATURE -> {
                    score -= 40;
                    evidence.add("the statement names it as an input" + quoted);
                }
                case PROTECTED -> {
                    excluded = true;
                    evidence.add(0, "not a target: the statement calls it protected" + quoted);
                }
                case EXCLUDED -> {
                    excluded = true;
                    evidence.add(0, "not a target: the statement says not to use it" + quoted);
                }
            }
        }
        Set<String> distinct = new HashSet<>();
        int present = 0;
        for (int i = 0; i < c.size(); i++) {
            if (!c.isMissing(i)) {
                present++;
                if (distinct.size() <= 1000) {
                    distinct.add(c.value(i));
                }
            }
        }
        boolean usable = distinct.size() >= 2
                && !(c.type() == ColumnType.CATEGORICAL && distinct.size() > 0.5 * Math.max(1, present));
        if (distinct.size() <= LOW_CARDINALITY && distinct.size() >= 2) {
            List<String> named = valuesNamed(distinct, words);
            double coverage = (double) named.size() / distinct.size();
            if (coverage >= 0.5) {
                score += 30;
                rank = Math.max(rank, coverage >= 1.0 ? 2 : 0);
                evidence.add("the statement speaks of its values " + named);
            }
        }
        if (TARGET_NAMES.contains(c.name().toLowerCase(Locale.ROOT))) {
            score += 15;
            evidence.add("a conventional target name");
        }
        if (distinct.size() == 2) {
            score += 5;
            evidence.add("binary");
        } else if (distinct.size() >= 2 && distinct.size() <= LOW_CARDINALITY) {
            score += 2;
            evidence.add(distinct.size() + " classes");
        }
        if (position == count - 1) {
            score += 2;
            evidence.add("the last column");
        } else if (position == 0) {
            score += 1;
            evidence.add("the first column");
        }
        if (!excluded && SensitiveAttributes.detect(List.of(c.name())).contains(c.name())) {
            score -= 15;
            evidence.add("its name marks a protected characteristic");
        }
        return new Scored(c.name(), rank, score, excluded, usable, List.copyOf(evidence));
    }

    /** The column's values whose words the statement uses ("50K" in {@code >50K}), common words aside. */
    private static List<String> valuesNamed(Set<String> distinct, Set<String> words) {
        List<String> named = new ArrayList<>();
        for (String v : distinct) {
            for (String w : Words.ofText(v)) {
                boolean meaningful =
                        !PLAIN_VALUES.contains(w) && !(w.chars().allMatch(Character::isDigit) && w.length() < 3);
                if (meaningful && words.contains(w)) {
                    named.add(v);
                    break;
                }
            }
        }
        named.sort(Comparator.naturalOrder());
        return named;
    }
}
