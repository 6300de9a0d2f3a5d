package svc.governance.injection;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import svc.governance.guardrail.Severity;

/**
 * Judges one text with two signals. Patterns: occurrences are counted and the spec's rule applied,
 * blocked on one or more high or two or more medium occurrences (occurrences, not patterns: the
 * same medium phrase twice counts two). Model: the learned {@link InjectionModel}, when present,
 * scores the whole text; at or above its threshold the text is blocked too. The verdict is
 * "patterns OR model": either signal alone blocks. Thread-safe.
 */
public final class InjectionDetector {

    public static final int HIGH_THRESHOLD = 1;
    public static final int MEDIUM_THRESHOLD = 2;

    private final List<InjectionPattern> patterns;
    private final InjectionModel model;

    /** Patterns only. */
    public InjectionDetector(List<InjectionPattern> patterns) {
        this(patterns, null);
    }

    /** Patterns and, unless {@code model} is null, the learned signal. */
    public InjectionDetector(List<InjectionPattern> patterns, InjectionModel model) {
        this.patterns = List.copyOf(patterns);
        this.model = model;
    }

    /** The built-in patterns and the shipped model. */
    public static InjectionDetector defaults() {
        return new InjectionDetector(InjectionPatterns.defaults(), InjectionModel.shipped());
    }

    /** The built-in patterns without the model (the spec's G3 as written). */
    public static InjectionDetector patternsOnly() {
        return new InjectionDetector(InjectionPatterns.defaults());
    }

    public Optional<InjectionModel> model() {
        return Optional.ofNullable(model);
    }

    public List<InjectionPattern> patterns() {
        return patterns;
    }

    /** Both signals. */
    public Detection detect(String text) {
        return detect(text, true);
    }

    /** The patterns, and the model too when {@code withModel} and there is one. */
    public Detection detect(String text, boolean withModel) {
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
        return model == null || !withModel
                ? new Detection(hits, Double.NaN, Double.NaN)
                : new Detection(hits, model.score(text), model.threshold());
    }

    /** One occurrence of one pattern. */
    public record Hit(String patternId, Severity severity, int start, int end) {}

    /**
     * Every pattern occurrence found in a text, the model's score and threshold (both NaN without a
     * model), and the combined verdict.
     */
    public record Detection(List<Hit> hits, double modelScore, double modelThreshold) {
        public Detection {
            hits = List.copyOf(hits);
        }

        /** A patterns-only detection. */
        public Detection(List<Hit> hits) {
            this(hits, Double.NaN, Double.NaN);
        }

        public long high() {
            return hits.stream().filter(h -> h.severity() == Severity.HIGH).count();
        }

        public long medium() {
            return hits.stream().filter(h -> h.severity() == Severity.MEDIUM).count();
        }

        public boolean patternsBlock() {
            return high() >= HIGH_THRESHOLD || medium() >= MEDIUM_THRESHOLD;
        }

        public boolean modelFlags() {
            return !Double.isNaN(modelScore) && modelScore >= modelThreshold;
        }

        /** Patterns OR model. */
        public boolean blocked() {
            return patternsBlock() || modelFlags();
        }

        /**
         * e.g. {@code 1 high [ignore_instructions_en], 1 medium [act_as_en]; model 0.912 >= 0.643}.
         */
        public String summary() {
            String patterns =
                    high() + " high " + ids(Severity.HIGH) + ", " + medium() + " medium " + ids(Severity.MEDIUM);
            if (Double.isNaN(modelScore)) {
                return patterns;
            }
            return patterns
                    + String.format(
                            Locale.ROOT, "; model %.3f %s %.3f", modelScore, modelFlags() ? ">=" : "<", modelThreshold);
        }

        private List<String> ids(Severity severity) {
            return hits.stream()
                    .filter(h -> h.severity() == severity)
                    .map(Hit::patternId)
                    .toList();
        }
    }
}
