package svc.ml.data;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads what a problem statement says about a table's columns, by the grammar of the sentence and
 * not by the order of the file:
 *
 * <ul>
 *   <li><b>explicit</b> target: "target is X", "the label: X", "X is the target", a lone column in
 *       parentheses after the ask ("… subscribes a deposit (y)", "(column X)");</li>
 *   <li><b>governed</b>: the first column after a verb of prediction ("predict", "forecast",
 *       "classify", "estimate", …) before any feature marker ("from", "using", "given", "with",
 *       "based on"); in a question ("Who survived?") the first column asked about;</li>
 *   <li><b>feature</b>: columns after a feature marker ("predict X from A and B");</li>
 *   <li><b>protected</b>: columns listed next to "protected", "sensitive" ("SEX is protected",
 *       "protected attributes: A and B", "treat A as sensitive") or after "fair"/"discriminate"
 *       ("fair across A and B"); sensitive words that name no column ("gender") find the column
 *       that carries a synonym ({@code sex});</li>
 *   <li><b>excluded</b>: "do not use X", "without X", "ignore X".</li>
 * </ul>
 *
 * Column names match loosely: case, separators, camel case, plurals and verb forms ({@link Words}).
 * A mention is the longest column name found at a place, so {@code age_group} wins over {@code age}.
 */
public final class StatementReader {

    /** What a sentence does with a column. */
    public enum Role {
        EXPLICIT_TARGET,
        GOVERNED,
        ASKED_IN_QUESTION,
        MENTIONED,
        FEATURE,
        PROTECTED,
        EXCLUDED
    }

    /**
     * One thing the statement says about a column, with the sentence that says it; {@code partial}
     * when the statement used only the first word of a longer name ("default" for
     * {@code default_payment_next_month}), which counts for less.
     */
    public record Cue(String column, Role role, String quote, boolean partial) {}

    /**
     * Everything the statement says, column by column, in the order it says it; {@code words} are
     * the statement's words in lower case (for matching column values).
     */
    public record Reading(List<Cue> cues, List<String> words) {
        public List<Cue> about(String column) {
            return cues.stream().filter(c -> c.column().equals(column)).toList();
        }

        public boolean says(String column, Role role) {
            return cues.stream().anyMatch(c -> c.column().equals(column) && c.role() == role);
        }

        /** Columns the statement calls protected or sensitive, in the order it names them. */
        public List<String> protectedColumns() {
            return cues.stream()
                    .filter(c -> c.role() == Role.PROTECTED)
                    .map(Cue::column)
                    .distinct()
                    .toList();
        }
    }

    private static final Set<String> VERBS = stems(
            "predict",
            "prediction",
            "forecast",
            "classify",
            "classification",
            "estimate",
            "anticipate",
            "determine",
            "infer",
            "model",
            "tell",
            "guess",
            "identify",
            "flag",
            "detect",
            "score");
    private static final Set<String> FEATURE_MARKERS = stems(
            "from", "using", "use", "given", "with", "based", "via", "through", "according", "considering", "feature");
    private static final Set<String> QUESTION_OPENERS = stems(
            "who", "which", "what", "whether", "will", "would", "does", "do", "did", "is", "are", "can", "how",
            "whose");
    private static final Set<String> TARGET_WORDS = stems("target", "label");
    /** Words that may stand between "target" and the column: "the target column is `X`". */
    private static final Set<String> TARGET_GLUE = stems(
            "is",
            "the",
            "column",
            "variable",
            "field",
            "be",
            "should",
            "will",
            "named",
            "called",
            "our",
            "here",
            "as",
            "a",
            "=",
            ":",
            "to",
            "predict",
            "value");
    /** Keywords whose list may stand before or after them: "X is protected", "protected: X". */
    private static final List<String> PROTECTED_WORDS = List.of("protect", "sensitiv");
    /** Keywords whose list follows them: "fair across X", "without discriminating by X". */
    private static final List<String> FAIRNESS_WORDS = List.of("fair", "discriminat", "bias", "unbias");

    private static final Set<String> LIST_GLUE = stems(
            ",",
            "and",
            "or",
            "&",
            "the",
            "is",
            "are",
            "be",
            "as",
            "attribute",
            "characteristic",
            "feature",
            "column",
            "variable",
            "group",
            "class",
            ":",
            "both",
            "should",
            "must",
            "considered",
            "a",
            "an",
            "by",
            "on",
            "across",
            "for",
            "with",
            "respect",
            "to",
            "regarding",
            "between",
            "such",
            "like",
            "including",
            "namely",
            "e",
            "g",
            "which",
            "who",
            "their",
            "its",
            "of",
            "each",
            "here",
            "also",
            "all",
            "treat",
            "against",
            "towards",
            "in",
            "terms",
            "\"",
            "'",
            "`",
            "(",
            ")");
    /** Glue that opens a list forward only: the backward walk stops at "treat X as protected"'s treat. */
    private static final Set<String> FORWARD_ONLY = stems("treat", "treating", "consider", "regard");

    private static final Set<String> EXCLUDING = stems("without", "ignore", "exclude", "excluding", "drop");
    /** Sensitive words that may name a column by a synonym. */
    private static final Map<String, List<String>> SYNONYMS = Map.of(
            "gender", List.of("sex"),
            "sex", List.of("gender"),
            "ethnicity", List.of("race", "ethnic"),
            "race", List.of("ethnicity", "ethnic"),
            "marital", List.of("marriage", "marital"),
            "religion", List.of("religious"),
            "nationality", List.of("foreign", "country", "citizenship"),
            "age", List.of("age"));
    /** Words too common to be a one-word column mention unless the statement marks them out. */
    private static final Set<String> COMMON = Set.of(
            "a", "an", "the", "of", "to", "in", "is", "it", "and", "or", "for", "on", "at", "by", "be", "as", "if",
            "no", "not", "with", "from", "this", "that", "are", "was", "will", "do");

    private record Token(String text, String stem, boolean word, int sentence) {}

    private record Mention(String column, int from, int to, boolean partial) {}

    private StatementReader() {}

    private static Set<String> stems(String... words) {
        Set<String> out = new HashSet<>();
        for (String w : words) {
            out.add(Words.stem(w));
        }
        return Set.copyOf(out);
    }

    private static boolean startsWithAny(String stem, List<String> prefixes) {
        return prefixes.stream().anyMatch(stem::startsWith);
    }

    /** Reads {@code statement} against the given column names. */
    public static Reading read(String statement, List<String> columns) {
        List<Token> tokens = tokenize(statement == null ? "" : statement);
        List<Mention> mentions = mentions(tokens, columns);
        List<Cue> cues = new ArrayList<>();
        int sentences = tokens.isEmpty() ? 0 : tokens.get(tokens.size() - 1).sentence() + 1;
        for (int s = 0; s < sentences; s++) {
            readSentence(s, tokens, mentions, columns, cues);
        }
        List<String> words =
                tokens.stream().filter(Token::word).map(Token::text).toList();
        return new Reading(List.copyOf(cues), words);
    }

    private static void readSentence(
            int s, List<Token> tokens, List<Mention> all, List<String> columns, List<Cue> cues) {
        int start = -1;
        int end = -1;
        for (int i = 0; i < tokens.size(); i++) {
            if (tokens.get(i).sentence() == s) {
                start = start < 0 ? i : start;
                end = i;
            }
        }
        if (start < 0) {
            return;
        }
        List<Mention> here = all.stream()
                .filter(m ->
                        m.from() >= tokens.size() ? false : tokens.get(m.from()).sentence() == s)
                .toList();
        String quote = quote(tokens, start, end);
        Map<Mention, Role> roles = new LinkedHashMap<>();
        // protected lists first: a column called protected is never the target, whatever else is said
        for (int k = start; k <= end; k++) {
            String st = tokens.get(k).stem();
            boolean both = startsWithAny(st, PROTECTED_WORDS);
            boolean forward = both || startsWithAny(st, FAIRNESS_WORDS);
            if (!forward) {
                continue;
            }
            for (int i : walk(tokens, k, +1, end, here)) {
                mark(roles, here, i, Role.PROTECTED);
                synonym(tokens, i, here, columns, cues, quote);
            }
            if (both) {
                for (int i : walk(tokens, k, -1, start, here)) {
                    mark(roles, here, i, Role.PROTECTED);
                    synonym(tokens, i, here, columns, cues, quote);
                }
            }
        }
        // exclusions: "without X", "do not use X", "ignore X"
        for (int k = start; k <= end; k++) {
            String st = tokens.get(k).stem();
            boolean negatedUse = st.equals("use")
                    && k - 1 >= start
                    && Set.of("not", "never", "t").contains(tokens.get(k - 1).text());
            if (EXCLUDING.contains(st) || negatedUse) {
                for (int i : walk(tokens, k, +1, end, here)) {
                    mark(roles, here, i, Role.EXCLUDED);
                }
            }
        }
        int verb = -1;
        for (int k = start; k <= end && verb < 0; k++) {
            if (VERBS.contains(tokens.get(k).stem())) {
                verb = k;
            }
        }
        boolean question = tokens.get(end).text().equals("?")
                && QUESTION_OPENERS.contains(tokens.get(start).stem());
        // features: the nearest marker-or-verb before the mention is a feature marker
        for (Mention m : here) {
            if (roles.containsKey(m)) {
                continue;
            }
            for (int k = m.from() - 1; k >= start; k--) {
                String st = tokens.get(k).stem();
                if (VERBS.contains(st) || TARGET_WORDS.contains(st)) {
                    break;
                }
                if (FEATURE_MARKERS.contains(st)) {
                    roles.put(m, Role.FEATURE);
                    break;
                }
            }
        }
        // explicit: "target (column) is X", "X is the target/label", a lone column in parentheses
        for (Mention m : here) {
            if (roles.containsKey(m)) {
                continue;
            }
            if (targetWordBefore(tokens, m, start) || targetWordAfter(tokens, m, end)) {
                roles.put(m, Role.EXPLICIT_TARGET);
            } else if ((verb >= 0 && verb < m.from() || question) && aloneInParentheses(tokens, m, here, start, end)) {
                roles.put(m, Role.EXPLICIT_TARGET);
            }
        }
        // governed: the first mention after the verb that nothing else claimed
        if (verb >= 0) {
            int v = verb;
            here.stream()
                    .filter(m -> m.from() > v && !roles.containsKey(m))
                    .findFirst()
                    .ifPresent(m -> roles.put(m, Role.GOVERNED));
        } else if (question) {
            here.stream()
                    .filter(m -> !roles.containsKey(m))
                    .findFirst()
                    .ifPresent(m -> roles.put(m, Role.ASKED_IN_QUESTION));
        }
        for (Mention m : here) {
            cues.add(new Cue(m.column(), roles.getOrDefault(m, Role.MENTIONED), quote, m.partial()));
        }
    }

    /** Positions of mentions reached from keyword {@code k} over list glue, in one direction. */
    private static List<Integer> walk(List<Token> tokens, int k, int step, int limit, List<Mention> here) {
        List<Integer> out = new ArrayList<>();
        int i = k + step;
        while (step > 0 ? i <= limit : i >= limit) {
            int at = i;
            Mention m = here.stream()
                    .filter(x -> step > 0 ? x.from() == at : x.to() == at)
                    .findFirst()
                    .orElse(null);
            if (m != null) {
                out.add(m.from());
                i = step > 0 ? m.to() + 1 : m.from() - 1;
                continue;
            }
            Token t = tokens.get(i);
            if (step < 0 && (FORWARD_ONLY.contains(t.stem()) || VERBS.contains(t.stem()))) {
                break;
            }
            if (SYNONYMS.containsKey(t.stem()) || SYNONYMS.containsKey(t.text())) {
                out.add(-1 - i); // a sensitive word naming no column: resolved by synonym()
                i += step;
                continue;
            }
            if (!LIST_GLUE.contains(t.stem()) && !LIST_GLUE.contains(t.text())) {
                break;
            }
            i += step;
        }
        return out;
    }

    private static void mark(Map<Mention, Role> roles, List<Mention> here, int from, Role role) {
        if (from < 0) {
            return;
        }
        here.stream().filter(m -> m.from() == from).findFirst().ifPresent(m -> roles.putIfAbsent(m, role));
    }

    /** A sensitive word that names no column ("gender") marks the column carrying a synonym ("SEX"). */
    private static void synonym(
            List<Token> tokens, int i, List<Mention> here, List<String> columns, List<Cue> cues, String quote) {
        if (i >= 0) {
            return;
        }
        Token t = tokens.get(-1 - i);
        List<String> words = SYNONYMS.getOrDefault(t.text(), SYNONYMS.getOrDefault(t.stem(), List.of()));
        for (String c : columns) {
            List<String> name = Words.ofName(c);
            if (name.stream().anyMatch(w -> words.contains(w) || w.equals(t.text()))) {
                cues.add(new Cue(c, Role.PROTECTED, quote, false));
            }
        }
    }

    private static boolean targetWordBefore(List<Token> tokens, Mention m, int start) {
        for (int k = m.from() - 1; k >= start && k >= m.from() - 5; k--) {
            Token t = tokens.get(k);
            if (TARGET_WORDS.contains(t.stem())) {
                return true;
            }
            if (!TARGET_GLUE.contains(t.stem()) && !TARGET_GLUE.contains(t.text()) && t.word()) {
                return false;
            }
        }
        return false;
    }

    private static boolean targetWordAfter(List<Token> tokens, Mention m, int end) {
        for (int k = m.to() + 1; k <= end && k <= m.to() + 4; k++) {
            Token t = tokens.get(k);
            if (TARGET_WORDS.contains(t.stem())) {
                return true;
            }
            if (!TARGET_GLUE.contains(t.stem()) && !TARGET_GLUE.contains(t.text()) && t.word()) {
                return false;
            }
        }
        return false;
    }

    /** "(y)", "(column y)", "(`y`)": one column, at most two other words, inside parentheses. */
    private static boolean aloneInParentheses(List<Token> tokens, Mention m, List<Mention> here, int start, int end) {
        int open = -1;
        for (int k = m.from() - 1; k >= start && k >= m.from() - 3; k--) {
            if (tokens.get(k).text().equals("(")) {
                open = k;
                break;
            }
        }
        int close = -1;
        for (int k = m.to() + 1; k <= end && k <= m.to() + 3; k++) {
            if (tokens.get(k).text().equals(")")) {
                close = k;
                break;
            }
        }
        if (open < 0 || close < 0) {
            return false;
        }
        int o = open;
        int c = close;
        long others = here.stream().filter(x -> x.from() > o && x.to() < c).count();
        return others == 1;
    }

    private static String quote(List<Token> tokens, int start, int end) {
        StringBuilder sb = new StringBuilder();
        for (int i = start; i <= end; i++) {
            Token t = tokens.get(i);
            boolean spaced = t.word()
                    || t.text().equals("(")
                    || t.text().equals("&")
                    || t.text().equals("=");
            if (sb.length() > 0 && spaced && sb.charAt(sb.length() - 1) != '(' && sb.charAt(sb.length() - 1) != '\'') {
                sb.append(' ');
            }
            sb.append(t.text());
        }
        return sb.toString();
    }

    // ---- tokens and mentions --------------------------------------------------------------

    private static List<Token> tokenize(String text) {
        String s = text.toLowerCase(Locale.ROOT);
        List<Token> out = new ArrayList<>();
        int sentence = 0;
        int i = 0;
        while (i < s.length()) {
            char ch = s.charAt(i);
            if (Character.isLetterOrDigit(ch)) {
                int j = i;
                while (j < s.length() && Character.isLetterOrDigit(s.charAt(j))) {
                    j++;
                }
                String w = s.substring(i, j);
                out.add(new Token(w, Words.stem(w), true, sentence));
                i = j;
                continue;
            }
            boolean ends = (ch == '.' || ch == '!' || ch == '?' || ch == ';')
                    && (i + 1 >= s.length() || Character.isWhitespace(s.charAt(i + 1)) || ch != '.');
            if (ends) {
                out.add(new Token(String.valueOf(ch), String.valueOf(ch), false, sentence));
                sentence++;
            } else if ("(),:=\"'`&".indexOf(ch) >= 0) {
                out.add(new Token(String.valueOf(ch), String.valueOf(ch), false, sentence));
            }
            i++;
        }
        return out;
    }

    /** The longest column name at each place; words of one name may be joined by nothing but separators. */
    private static List<Mention> mentions(List<Token> tokens, List<String> columns) {
        List<Mention> found = new ArrayList<>();
        for (String column : columns) {
            List<String> name = Words.ofName(column).stream().map(Words::stem).toList();
            if (name.isEmpty() || (name.size() == 1 && COMMON.contains(name.get(0)))) {
                continue;
            }
            for (int i = 0; i < tokens.size(); i++) {
                int k = 0;
                int j = i;
                while (k < name.size()
                        && j < tokens.size()
                        && tokens.get(j).word()
                        && Words.same(tokens.get(j).stem(), name.get(k))) {
                    k++;
                    j++;
                }
                if (k == name.size()) {
                    found.add(new Mention(column, i, j - 1, false));
                }
            }
        }
        partialMentions(tokens, columns, found);
        found.sort(Comparator.comparingInt((Mention m) -> m.to() - m.from())
                .reversed()
                .thenComparingInt(Mention::from));
        List<Mention> kept = new ArrayList<>();
        for (Mention m : found) {
            if (kept.stream().noneMatch(k -> k.from() <= m.to() && m.from() <= k.to())) {
                kept.add(m);
            }
        }
        kept.sort(Comparator.comparingInt(Mention::from));
        return kept;
    }

    /**
     * The first word of a longer column name, used alone, names that column when it begins no other
     * column's name and is not a common word: "predict default" and {@code default_payment_next_month}.
     */
    private static void partialMentions(List<Token> tokens, List<String> columns, List<Mention> found) {
        Map<String, List<String>> byFirstWord = new LinkedHashMap<>();
        for (String column : columns) {
            List<String> name = Words.ofName(column);
            if (!name.isEmpty()) {
                byFirstWord
                        .computeIfAbsent(Words.stem(name.get(0)), k -> new ArrayList<>())
                        .add(column);
            }
        }
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (!t.word() || t.stem().length() < 4 || COMMON.contains(t.stem())) {
                continue;
            }
            int at = i;
            if (found.stream().anyMatch(m -> m.from() <= at && at <= m.to())) {
                continue;
            }
            List<String> owners = byFirstWord.entrySet().stream()
                    .filter(e -> Words.same(e.getKey(), t.stem()))
                    .flatMap(e -> e.getValue().stream())
                    .toList();
            if (owners.size() == 1 && Words.ofName(owners.get(0)).size() > 1) {
                found.add(new Mention(owners.get(0), i, i, true));
            }
        }
    }
}
