package svc.governance.pii;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Payment card numbers; the rules are listed on {@link Recognizers#creditCard()}. The text is cut
 * into maximal runs first: groups of at most seven characters with a digit among them, joined by
 * one kind of separator (space or hyphen), or one group of eight or more digits, which stands
 * alone. A run with letters ({@code DE89 3704 0044 0532 0130 01}, an IBAN whose checksum failed)
 * is a code of another kind. Each run is judged
 * whole and never searched for a card inside it, which is what "not a substring of a longer digit
 * run" means; a regular expression that retries one character later (as {@link RegexRecognizer}
 * does) would find a Luhn-valid window in one run in ten.
 */
final class CardRecognizer implements Recognizer {

    /** A group: up to seven letters and digits, at least one a digit (so "DE89" is one, "Visa" is not). */
    private static final String GROUP = "(?=[A-Za-z]*\\d)[A-Za-z0-9]{1,7}(?![A-Za-z0-9])";

    private static final Pattern RUN =
            Pattern.compile("(?<![\\w-])(?:\\d{8,}(?!\\w)|" + GROUP + "(?:([ -])" + GROUP + "(?:\\1" + GROUP + ")*)?)");

    private final double confidence;

    CardRecognizer(double confidence) {
        this.confidence = confidence;
    }

    @Override
    public PiiType type() {
        return PiiType.CREDIT_CARD;
    }

    @Override
    public List<PiiEntity> find(String text) {
        List<PiiEntity> out = new ArrayList<>();
        Matcher m = RUN.matcher(text);
        while (m.find()) {
            String run = m.group();
            String digits = Recognizers.digitsOf(run);
            boolean grouped = m.group(1) != null;
            int separators = grouped
                    ? (int) run.chars().filter(c -> c == m.group(1).charAt(0)).count()
                    : 0;
            boolean allDigits = digits.length() + separators == run.length();
            boolean firstGroupOfFour = !grouped || run.indexOf(m.group(1).charAt(0)) == 4;
            if (allDigits && firstGroupOfFour && Recognizers.validCard(digits)) {
                // Twelve digits is also Aadhaar's length; its Verhoeff check is the stricter one.
                double c = digits.length() == 12 ? confidence - 0.1 : confidence;
                out.add(new PiiEntity(PiiType.CREDIT_CARD, m.start(), m.end(), run, c));
            }
        }
        return out;
    }
}
