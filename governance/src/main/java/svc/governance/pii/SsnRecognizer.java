package svc.governance.pii;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * US Social Security numbers; the rules are listed on {@link Recognizers#usSsn()}. Separate from
 * {@link RegexRecognizer} because the bare nine-digit form needs a look at the text before the
 * match (a context word), which a fixed-width look-behind cannot express.
 */
final class SsnRecognizer implements Recognizer {

    private static final Pattern SEPARATED =
            Pattern.compile("(?<![\\w.-]|\\d[ .-])(\\d{3})([ .-])(\\d{2})\\2(\\d{4})(?![\\w-]|[ .-]\\d|\\.\\w)");
    private static final Pattern BARE = Pattern.compile("(?<![\\w.-])(\\d{3})(\\d{2})(\\d{4})(?![\\w-]|[.,]\\d)");
    private static final Pattern CONTEXT =
            Pattern.compile("(?i)(?<![a-z])(?:ssns?|ss#|ssid|soc\\.?\\s*sec\\.?|social[\\s-]+security)(?![a-z])");
    /** Characters before a bare number searched for a context word. */
    private static final int CONTEXT_WINDOW = 30;
    /** Published example numbers, never issued to a person (or voided after misuse). */
    private static final Set<String> SAMPLES = Set.of("123456789", "078051120", "219099999");

    private final double confidence;

    SsnRecognizer(double confidence) {
        this.confidence = confidence;
    }

    @Override
    public PiiType type() {
        return PiiType.US_SSN;
    }

    @Override
    public List<PiiEntity> find(String text) {
        List<PiiEntity> out = new ArrayList<>();
        Matcher m = SEPARATED.matcher(text);
        while (m.find()) {
            if (valid(m.group(1), m.group(3), m.group(4))) {
                out.add(new PiiEntity(PiiType.US_SSN, m.start(), m.end(), m.group(), confidence));
            }
        }
        Matcher bare = BARE.matcher(text);
        while (bare.find()) {
            if (valid(bare.group(1), bare.group(2), bare.group(3)) && hasContext(text, bare.start())) {
                out.add(new PiiEntity(PiiType.US_SSN, bare.start(), bare.end(), bare.group(), confidence));
            }
        }
        out.sort((a, b) -> Integer.compare(a.start(), b.start()));
        return out;
    }

    static boolean valid(String area, String group, String serial) {
        String digits = area + group + serial;
        int a = Integer.parseInt(area);
        return a != 0
                && a != 666
                && a < 900
                && !group.equals("00")
                && !serial.equals("0000")
                && !allSame(digits)
                && !SAMPLES.contains(digits);
    }

    private static boolean allSame(String digits) {
        return digits.chars().allMatch(c -> c == digits.charAt(0));
    }

    private static boolean hasContext(String text, int start) {
        int from = Math.max(0, start - CONTEXT_WINDOW);
        int newline = text.lastIndexOf('\n', start - 1);
        if (newline >= from) {
            from = newline + 1;
        }
        return CONTEXT.matcher(text).region(from, start).find();
    }
}
