package svc.governance.pii;

import java.util.List;
import java.util.regex.Pattern;
import svc.governance.egress.IpAddresses;

/**
 * The built-in recognizers, in registration order (the last tie-break of overlap resolution).
 * Confidences rank how sure a match is, not how sensitive: a checksum-validated number beats a
 * phone-shaped digit run that overlaps it.
 */
public final class Recognizers {

    static final double CHECKSUM = 0.95;

    private Recognizers() {}

    /** All twelve, in the order of {@link PiiType}. */
    public static List<Recognizer> defaults() {
        return List.of(
                email(),
                creditCard(),
                iban(),
                ipv4(),
                ipv6(),
                privateKeyBlock(),
                usSsn(),
                usPhone(),
                aadhaar(),
                pan(),
                ifsc(),
                inPhone());
    }

    public static Recognizer email() {
        return new RegexRecognizer(
                PiiType.EMAIL,
                0.9,
                Pattern.compile("(?<![A-Za-z0-9._%+-])[A-Za-z0-9][A-Za-z0-9._%+-]*@"
                        + "[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*"
                        + "\\.[A-Za-z]{2,24}(?![A-Za-z0-9-]|\\.[A-Za-z0-9])"),
                m -> true);
    }

    /**
     * Payment card numbers as Presidio reads them, on every length ISO/IEC 7812 allows (12-19
     * digits): contiguous, or a first group of four followed by groups of 1-7 digits with one kind
     * of separator (space or hyphen) throughout, which covers 4-4-4-4, 4-6-5 (Amex), 4-6-4
     * (Diners), 4-4-4-4-3 and the rest. The number must be Luhn-valid, start with 1-6 (the major
     * industry identifiers of card issuers; Luhn-valid reference numbers starting 0, 7, 8 or 9 are
     * left alone), and not be 13 digits starting with 1 (a Presidio rule: such runs are seldom
     * cards). A run that continues, directly or through the same separator, with more digits is a
     * longer number, not a card: {@code 4111 1111 1111 1111 5678} is not reported. Twelve-digit
     * numbers rank below Aadhaar, whose checksum is stricter, when both validate.
     */
    public static Recognizer creditCard() {
        return new CardRecognizer(CHECKSUM);
    }

    static boolean validCard(String digits) {
        char first = digits.charAt(0);
        return digits.length() >= 12
                && digits.length() <= 19
                && first >= '1'
                && first <= '6'
                && !(first == '1' && digits.length() == 13)
                && Checksums.luhnValid(digits);
    }

    public static Recognizer iban() {
        return new IbanRecognizer(CHECKSUM);
    }

    public static Recognizer ipv4() {
        return new RegexRecognizer(
                PiiType.IPV4,
                0.8,
                Pattern.compile("(?<![\\w.])\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}(?!\\w|\\.\\d)"),
                m -> IpAddresses.parseDottedQuad(m.group()).isPresent());
    }

    /**
     * Maximal runs of hex digits, colons and dots containing a colon, validated as a whole by the
     * strict RFC 4291 parser: so {@code 12:34:56}, seven groups without {@code ::}, or an embedded
     * out-of-range IPv4 are rejected instead of matching a valid-looking prefix.
     */
    public static Recognizer ipv6() {
        Pattern candidate = Pattern.compile("(?<![\\w:.])[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*[0-9A-Fa-f:](?![\\w:])");
        return new RegexRecognizer(
                PiiType.IPV6,
                0.8,
                candidate,
                m -> m.group().chars().filter(c -> c == ':').count() >= 2
                        && IpAddresses.parseIpv6(m.group()).isPresent());
    }

    public static Recognizer privateKeyBlock() {
        return new PrivateKeyRecognizer();
    }

    /**
     * US Social Security numbers written AAA-GG-SSSS with the same separator twice (hyphen, space
     * or dot), or as nine bare digits when an SSN context word ({@code SSN}, {@code social
     * security}, {@code SS#}, ...) stands at most 30 characters before them on the same line:
     * nine bare digits alone are far more often something else. Never-issued and invalid numbers
     * are rejected, as Presidio's recognizer does: area 000, 666 or 900-999 (the ITIN range;
     * Presidio keeps 9xx areas, the SSA never issues them), group 00, serial 0000, all nine digits
     * the same, and the published sample numbers 123-45-6789, 987-65-432x, 078-05-1120 (the
     * Woolworth wallet card) and 219-09-9999 (an SSA pamphlet).
     */
    public static Recognizer usSsn() {
        return new SsnRecognizer(0.85);
    }

    /**
     * NANP numbers: optional {@code +1}/{@code 1} prefix, area code in parentheses or not, then
     * exchange and line; area code and exchange start with 2-9 (NANP rule).
     */
    public static Recognizer usPhone() {
        return new RegexRecognizer(
                PiiType.US_PHONE,
                0.7,
                Pattern.compile("(?<![\\w+])(?:\\+1[ .-]?|1[ .-])?(?:\\((\\d{3})\\)[ ]?|(\\d{3})[ .-]?)(\\d{3})[ "
                        + ".-]?\\d{4}(?!\\w)"),
                m -> {
                    String area = m.group(1) != null ? m.group(1) : m.group(2);
                    return area.charAt(0) >= '2' && m.group(3).charAt(0) >= '2';
                });
    }

    /**
     * Twelve digits, first 2-9, optionally in 4-4-4 groups; Verhoeff-valid. Three groups inside a
     * longer run of groups (an IBAN or account number printed in fours) are not an Aadhaar: one
     * in ten such windows passes Verhoeff by chance.
     */
    public static Recognizer aadhaar() {
        return new RegexRecognizer(
                PiiType.AADHAAR,
                0.9,
                Pattern.compile("(?<![\\w-]|\\d[ -])[2-9]\\d{3}([ -]?)\\d{4}\\1\\d{4}(?![\\w-]|[ -]\\d)"),
                m -> Checksums.verhoeffValid(digitsOf(m.group())));
    }

    /**
     * Indian PAN: five letters (the fourth the holder type), four digits (never 0000), a letter.
     * Case-sensitive: PANs are printed in capitals, and lower-case words of this shape are not PANs.
     */
    public static Recognizer pan() {
        return new RegexRecognizer(
                PiiType.PAN,
                0.85,
                Pattern.compile("(?<![A-Za-z0-9])[A-Z]{3}[ABCFGHLJPT][A-Z](\\d{4})[A-Z](?![A-Za-z0-9])"),
                m -> !m.group(1).equals("0000"));
    }

    public static Recognizer ifsc() {
        return new RegexRecognizer(
                PiiType.IFSC, 0.8, Pattern.compile("(?<![A-Za-z0-9])[A-Z]{4}0[A-Z0-9]{6}(?![A-Za-z0-9])"), m -> true);
    }

    /**
     * Indian mobile numbers (ten digits starting 6-9) with a {@code +91}/{@code 0091} or trunk
     * {@code 0} prefix, or printed as 5+5 digits. Ten bare contiguous digits are left to US_PHONE,
     * which they equally resemble.
     */
    public static Recognizer inPhone() {
        return new RegexRecognizer(
                PiiType.IN_PHONE,
                0.75,
                Pattern.compile(
                        "(?<![\\w+])(?:(?:(?:\\+|00)91[ -]?|0)[6-9]\\d{4}[ -]?\\d{5}|[6-9]\\d{4}[ -]\\d{5})(?!\\w)"),
                m -> true);
    }

    static String digitsOf(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= '0' && c <= '9') {
                b.append(c);
            }
        }
        return b.toString();
    }
}
