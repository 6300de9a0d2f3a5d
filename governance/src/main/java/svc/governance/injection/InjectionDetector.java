package svc.governance.injection;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import svc.governance.guardrail.Severity;

/**
 * Counts pattern occurrences in one text and applies the spec's rule: blocked on one or more high
 * or two or more medium occurrences. Occurrences, not patterns: the same medium phrase twice
 * counts two. Thread-safe.
 */
public final class InjectionDetector {

    public static final int HIGH_THRESHOLD = 1;
    public static final int MEDIUM_THRESHOLD = 2;

    private final List<InjectionPattern> patterns;

    public InjectionDetector(List<InjectionPattern> patterns) {
        this.patterns = List.copyOf(patterns);
    }

    public static InjectionDetector defaults() {
        return new InjectionDetector(InjectionPatterns.defaults());
    }

    public List<InjectionPattern> patterns() {
        return patterns;
    }

    public Detection detect(String text) {
        List<Hit> hits = new ArrayList<>();
        String folded = InjectionPattern.fold(text);
        for (InjectionPattern p : patterns) {
            if (!p.mayMatch(folded)) {
                continue;
            }
            Matcher m = p.pattern().matcher(text);
            while (m.find()) {
                hits.add(new Hit(p.id(), p.severity(), m.start(), m.end()));
            }
        }
        hits.sort((a, b) -> Integer.compare(a.start(), b.start()));
        return new Detection(hits);
    }

    /** One occurrence of one pattern. */
    public record Hit(String patternId, Severity severity, int start, int end) {}

    /** Every occurrence found in a text, and the verdict of the threshold rule. */
    public record Detection(List<Hit> hits) {
        public Detection {
            hits = List.copyOf(hits);
        }

        public long high() {
            return hits.stream().filter(h -> h.severity() == Severity.HIGH).count();
        }

        public long medium() {
            return hits.stream().filter(h -> h.severity() == Severity.MEDIUM).count();
        }

        public boolean blocked() {
            return high() >= HIGH_THRESHOLD || medium() >= MEDIUM_THRESHOLD;
        }

        /** e.g. {@code 1 high [ignore_instructions_en], 1 medium [act_as_en]}. */
        public String summary() {
            return high() + " high " + ids(Severity.HIGH) + ", " + medium() + " medium " + ids(Severity.MEDIUM);
        }

        private List<String> ids(Severity severity) {
            return hits.stream()
                    .filter(h -> h.severity() == severity)
                    .map(Hit::patternId)
                    .toList();
        }
    }
}
