package svc.governance.pii;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A regular expression finds candidates and a validator (checksum, range rules) keeps the real
 * ones. When a candidate is rejected the search resumes one character later, not after the
 * candidate, so a valid entity that overlaps a rejected look-alike is still found.
 */
final class RegexRecognizer implements Recognizer {

    private final PiiType type;
    private final Pattern pattern;
    private final Predicate<MatchResult> valid;
    private final ToDoubleFunction<MatchResult> confidence;

    RegexRecognizer(PiiType type, double confidence, Pattern pattern, Predicate<MatchResult> valid) {
        this(type, pattern, valid, m -> confidence);
    }

    /** With a confidence that depends on the match (e.g. on its length). */
    RegexRecognizer(
            PiiType type, Pattern pattern, Predicate<MatchResult> valid, ToDoubleFunction<MatchResult> confidence) {
        this.type = Objects.requireNonNull(type);
        this.pattern = Objects.requireNonNull(pattern);
        this.valid = Objects.requireNonNull(valid);
        this.confidence = Objects.requireNonNull(confidence);
    }

    @Override
    public PiiType type() {
        return type;
    }

    @Override
    public List<PiiEntity> find(String text) {
        List<PiiEntity> out = new ArrayList<>();
        Matcher m = pattern.matcher(text);
        int from = 0;
        while (from < text.length() && m.find(from)) {
            if (m.end() > m.start() && valid.test(m)) {
                out.add(new PiiEntity(type, m.start(), m.end(), m.group(), confidence.applyAsDouble(m)));
                from = m.end();
            } else {
                from = m.start() + 1;
            }
        }
        return out;
    }
}
