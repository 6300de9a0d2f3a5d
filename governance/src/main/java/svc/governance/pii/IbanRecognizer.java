package svc.governance.pii;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * IBANs, compact ({@code DE89370400440532013000}) or printed in groups of four
 * ({@code DE89 3704 0044 0532 0130 00}). A regular expression cannot know where an IBAN ends, so
 * this reads exactly the registered length for the country code, allowing one space at each
 * four-character boundary, then checks mod-97.
 */
final class IbanRecognizer implements Recognizer {

    /** ISO 13616 registry lengths (SWIFT IBAN registry), by country code. */
    private static final Map<String, Integer> LENGTHS = Map.ofEntries(
            Map.entry("AD", 24),
            Map.entry("AE", 23),
            Map.entry("AL", 28),
            Map.entry("AT", 20),
            Map.entry("AZ", 28),
            Map.entry("BA", 20),
            Map.entry("BE", 16),
            Map.entry("BG", 22),
            Map.entry("BH", 22),
            Map.entry("BR", 29),
            Map.entry("BY", 28),
            Map.entry("CH", 21),
            Map.entry("CR", 22),
            Map.entry("CY", 28),
            Map.entry("CZ", 24),
            Map.entry("DE", 22),
            Map.entry("DK", 18),
            Map.entry("DO", 28),
            Map.entry("EE", 20),
            Map.entry("EG", 29),
            Map.entry("ES", 24),
            Map.entry("FI", 18),
            Map.entry("FO", 18),
            Map.entry("FR", 27),
            Map.entry("GB", 22),
            Map.entry("GE", 22),
            Map.entry("GI", 23),
            Map.entry("GL", 18),
            Map.entry("GR", 27),
            Map.entry("GT", 28),
            Map.entry("HR", 21),
            Map.entry("HU", 28),
            Map.entry("IE", 22),
            Map.entry("IL", 23),
            Map.entry("IQ", 23),
            Map.entry("IS", 26),
            Map.entry("IT", 27),
            Map.entry("JO", 30),
            Map.entry("KW", 30),
            Map.entry("KZ", 20),
            Map.entry("LB", 28),
            Map.entry("LC", 32),
            Map.entry("LI", 21),
            Map.entry("LT", 20),
            Map.entry("LU", 20),
            Map.entry("LV", 21),
            Map.entry("MC", 27),
            Map.entry("MD", 24),
            Map.entry("ME", 22),
            Map.entry("MK", 19),
            Map.entry("MR", 27),
            Map.entry("MT", 31),
            Map.entry("MU", 30),
            Map.entry("NL", 18),
            Map.entry("NO", 15),
            Map.entry("PK", 24),
            Map.entry("PL", 28),
            Map.entry("PS", 29),
            Map.entry("PT", 25),
            Map.entry("QA", 29),
            Map.entry("RO", 24),
            Map.entry("RS", 22),
            Map.entry("SA", 24),
            Map.entry("SC", 31),
            Map.entry("SE", 24),
            Map.entry("SI", 19),
            Map.entry("SK", 24),
            Map.entry("SM", 27),
            Map.entry("ST", 25),
            Map.entry("SV", 28),
            Map.entry("TL", 23),
            Map.entry("TN", 24),
            Map.entry("TR", 26),
            Map.entry("UA", 29),
            Map.entry("VA", 22),
            Map.entry("VG", 24),
            Map.entry("XK", 20));

    private static final Pattern START = Pattern.compile("(?<![A-Za-z0-9])([A-Z]{2})[0-9]{2}");

    private final double confidence;

    IbanRecognizer(double confidence) {
        this.confidence = confidence;
    }

    @Override
    public PiiType type() {
        return PiiType.IBAN;
    }

    @Override
    public List<PiiEntity> find(String text) {
        List<PiiEntity> out = new ArrayList<>();
        Matcher m = START.matcher(text);
        int from = 0;
        while (from < text.length() && m.find(from)) {
            Integer length = LENGTHS.get(m.group(1));
            int end = length == null ? -1 : readIban(text, m.start(), length);
            if (end > 0) {
                String printed = text.substring(m.start(), end);
                if (Checksums.ibanMod97Valid(printed.replace(" ", ""))) {
                    out.add(new PiiEntity(PiiType.IBAN, m.start(), end, printed, confidence));
                    from = end;
                    continue;
                }
            }
            from = m.start() + 1;
        }
        return out;
    }

    /** The end offset of an IBAN of exactly {@code length} characters starting at {@code start}, or -1. */
    private static int readIban(String text, int start, int length) {
        int p = start;
        int count = 0;
        while (count < length && p < text.length()) {
            char c = text.charAt(p);
            if (isUpperAlnum(c)) {
                count++;
                p++;
            } else if (c == ' ' && count % 4 == 0 && p + 1 < text.length() && isUpperAlnum(text.charAt(p + 1))) {
                p++;
            } else {
                break;
            }
        }
        if (count != length) {
            return -1;
        }
        if (p < text.length() && Character.isLetterOrDigit(text.charAt(p))) {
            return -1;
        }
        return p;
    }

    private static boolean isUpperAlnum(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }
}
