package svc.governance.injection;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;
import svc.governance.guardrail.Severity;

/**
 * One phrasing of an injection. {@code severity} is HIGH (blocks alone) or MEDIUM (blocks in
 * pairs). {@code triggers} are lower-case words of which at least one occurs in every text the
 * pattern can match; a text containing none of them is not run through the (much slower) regular
 * expression. Empty means "always run". {@code InjectionDetectorTest} checks on real text that
 * the triggers never hide a match.
 */
public record InjectionPattern(String id, Severity severity, Pattern pattern, List<String> triggers) {

    public InjectionPattern {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(pattern, "pattern");
        triggers = List.copyOf(triggers);
        if (severity != Severity.HIGH && severity != Severity.MEDIUM) {
            throw new IllegalArgumentException("injection pattern " + id + " must be HIGH or MEDIUM, not " + severity);
        }
    }

    static InjectionPattern high(String id, String regex) {
        return new InjectionPattern(id, Severity.HIGH, compile(regex), List.of());
    }

    static InjectionPattern medium(String id, String regex) {
        return new InjectionPattern(id, Severity.MEDIUM, compile(regex), List.of());
    }

    InjectionPattern withTriggers(List<String> words) {
        return new InjectionPattern(id, severity, pattern, words);
    }

    /** Whether the pattern can match a text whose {@link #fold case-folded} form is {@code folded}. */
    boolean mayMatch(String folded) {
        if (triggers.isEmpty()) {
            return true;
        }
        for (String t : triggers) {
            if (folded.contains(t)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Folds case the way the patterns' case-insensitive matching does, one char for one char:
     * lower(upper(c)), so the dotless i, the long s and the Kelvin sign fold like the regex sees them.
     */
    static String fold(String text) {
        char[] out = new char[text.length()];
        for (int i = 0; i < out.length; i++) {
            out[i] = Character.toLowerCase(Character.toUpperCase(text.charAt(i)));
        }
        return new String(out);
    }

    private static Pattern compile(String regex) {
        return Pattern.compile(regex, Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    }
}
