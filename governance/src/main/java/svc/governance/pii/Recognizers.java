package svc.governance.pii;

import java.util.List;
import java.util.regex.MatchResult;
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
     * 13-19 digits, contiguous or in groups of four (or Amex/Diners 4-6-5 / 4-6-4) with one kind
     * of separator; Luhn-valid; first digit 2-6 (the card networks' issuer ranges), so Luhn-valid
     * reference numbers starting with 0, 1, 7, 8 or 9 are not reported as cards.
     */
    public static Recognizer creditCard() {
        return new RegexRecognizer(
                PiiType.CREDIT_CARD,
                CHECKSUM,
                Pattern.compile(
                        "(?<![\\w-])(?:\\d{13,19}|\\d{4}([ -])\\d{4}\\1\\d{4}\\1\\d{1,7}|\\d{4}([ -])\\d{6}\\2\\d{4,"
                                + "5})(?!\\w)"),
                m -> {
                    String digits = digitsOf(m.group());
                    char first = digits.charAt(0);
                    return digits.length() >= 13
                            && digits.length() <= 19
                            && first >= '2'
                            && first <= '6'
                            && Checksums.luhnValid(digits);
                });
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
     * AAA-GG-SSSS with the same separator (hyphen or space) twice; never-issued numbers are not
     * SSNs: area 000, 666 or 900-999, group 00, serial 0000. Nine bare digits are not reported:
     * without separators or context they are far more often something else.
     */
    public static Recognizer usSsn() {
        return new RegexRecognizer(
                PiiType.US_SSN,
                0.85,
                Pattern.compile("(?<![\\w-])(\\d{3})([- ])(\\d{2})\\2(\\d{4})(?![\\w-])"),
                Recognizers::validSsn);
    }

    private static boolean validSsn(MatchResult m) {
        int area = Integer.parseInt(m.group(1));
        return area != 0
                && area != 666
                && area < 900
                && !m.group(3).equals("00")
                && !m.group(4).equals("0000");
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
