package svc.ml.data;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Guesses which column is the target and which columns are sensitive attributes, from column
 * names and the problem statement. Guesses, not facts: callers show them for confirmation.
 */
public final class RoleGuesser {
    private static final List<String> TARGET_WORDS =
            List.of("target", "label", "class", "income", "credit_risk", "churn", "outcome", "y", "default", "fraud");
    private static final Set<String> SENSITIVE_TOKENS = Set.of(
            "sex",
            "gender",
            "race",
            "ethnicity",
            "ethnic",
            "age",
            "religion",
            "religious",
            "marital",
            "nationality",
            "disability",
            "disabled");
    private static final List<String> SENSITIVE_PHRASES = List.of("personal_status", "foreign_worker");
    private static final int LOW_CARDINALITY = 20;

    private RoleGuesser() {}

    /** A target guess and why it was chosen. */
    public record TargetGuess(String column, String reason) {}

    /**
     * In order: a column named in the statement that is also a typical target name; any column
     * named in the statement after "predict"; a typical target name present in the data; the last
     * low-cardinality column.
     */
    public static Optional<TargetGuess> guessTarget(String statement, Dataset data) {
        String text = normalize(statement == null ? "" : statement);
        List<String> mentioned = new ArrayList<>();
        for (String name : data.columnNames()) {
            if (containsWord(text, normalize(name))) {
                mentioned.add(name);
            }
        }
        for (String name : mentioned) {
            if (TARGET_WORDS.contains(normalize(name).replace(' ', '_')) || TARGET_WORDS.contains(normalize(name))) {
                return Optional.of(new TargetGuess(name, "named in the problem statement and a typical target name"));
            }
        }
        int predict = text.indexOf("predict");
        if (predict >= 0) {
            String after = text.substring(predict);
            for (String name : mentioned) {
                if (containsWord(after, normalize(name))) {
                    return Optional.of(new TargetGuess(name, "named after 'predict' in the problem statement"));
                }
            }
        }
        for (String name : data.columnNames()) {
            if (TARGET_WORDS.contains(name.toLowerCase(Locale.ROOT))) {
                return Optional.of(new TargetGuess(name, "a typical target column name"));
            }
        }
        List<Column> cols = data.columns();
        for (int i = cols.size() - 1; i >= 0; i--) {
            int card = Profiler.profile(cols.get(i)).cardinality();
            if (card >= 2 && card <= LOW_CARDINALITY) {
                return Optional.of(new TargetGuess(cols.get(i).name(), "the last low-cardinality column"));
            }
        }
        return Optional.empty();
    }

    /** Columns whose name marks a protected attribute (token match, so "wage" is not "age"). */
    public static List<String> sensitiveColumns(Dataset data) {
        List<String> out = new ArrayList<>();
        for (String name : data.columnNames()) {
            String lower = name.toLowerCase(Locale.ROOT);
            Set<String> tokens = new HashSet<>(List.of(name.replaceAll("([a-z])([A-Z])", "$1 $2")
                    .toLowerCase(Locale.ROOT)
                    .split("[^a-z0-9]+")));
            boolean hit = tokens.stream().anyMatch(SENSITIVE_TOKENS::contains)
                    || SENSITIVE_PHRASES.stream()
                            .anyMatch(p -> lower.replace('-', '_').contains(p));
            if (hit) {
                out.add(name);
            }
        }
        return out;
    }

    private static String normalize(String s) {
        return s.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", " ").trim();
    }

    private static boolean containsWord(String text, String phrase) {
        if (phrase.isEmpty()) {
            return false;
        }
        return (" " + text + " ").contains(" " + phrase + " ");
    }
}
