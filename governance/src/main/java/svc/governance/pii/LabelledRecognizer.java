package svc.governance.pii;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An identifier that only its context makes one: a label or a neighbour ({@code MRN: 004512},
 * {@code Boston, MA 02115}) matched together with the value, of which only the value, the named
 * group {@code v}, is reported, so the label stays readable after redaction. Identifiers without a
 * checksum or a fixed format (record, account, licence, serial numbers) are only recognisable this
 * way; unlabelled they are indistinguishable from any other number. A pattern with two
 * alternatives names the second value group {@code v2} (Java allows a group name once).
 */
final class LabelledRecognizer implements Recognizer {

    private final PiiType type;
    private final double confidence;
    private final Pattern pattern;
    private final Predicate<String> valid;
    private final boolean second;

    LabelledRecognizer(PiiType type, double confidence, Pattern pattern, Predicate<String> valid) {
        this.type = Objects.requireNonNull(type);
        this.confidence = confidence;
        this.pattern = Objects.requireNonNull(pattern);
        this.valid = Objects.requireNonNull(valid);
        if (!pattern.pattern().contains("(?<v>")) {
            throw new IllegalArgumentException("pattern of " + type + " has no group v");
        }
        this.second = pattern.pattern().contains("(?<v2>");
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
            String group = m.group("v") == null && second ? "v2" : "v";
            String v = m.group(group);
            if (v != null && !v.isEmpty() && valid.test(v)) {
                out.add(new PiiEntity(type, m.start(group), m.end(group), v, confidence));
                from = m.end();
            } else {
                from = m.start() + 1;
            }
        }
        return out;
    }
}
