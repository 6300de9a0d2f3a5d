package svc.governance.injection;

import java.util.Objects;
import java.util.regex.Pattern;
import svc.governance.guardrail.Severity;

/** One phrasing of an injection. {@code severity} is HIGH (blocks alone) or MEDIUM (blocks in pairs). */
public record InjectionPattern(String id, Severity severity, Pattern pattern) {

    public InjectionPattern {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(pattern, "pattern");
        if (severity != Severity.HIGH && severity != Severity.MEDIUM) {
            throw new IllegalArgumentException("injection pattern " + id + " must be HIGH or MEDIUM, not " + severity);
        }
    }

    static InjectionPattern high(String id, String regex) {
        return new InjectionPattern(id, Severity.HIGH, compile(regex));
    }

    static InjectionPattern medium(String id, String regex) {
        return new InjectionPattern(id, Severity.MEDIUM, compile(regex));
    }

    private static Pattern compile(String regex) {
        return Pattern.compile(regex, Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    }
}
