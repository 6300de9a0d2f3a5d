package svc.governance.pii;

import java.util.ArrayList;
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

    /**
     * The HIPAA Safe Harbor pack: the twelve defaults plus the Safe Harbor identifiers that a pattern
     * can honestly catch (45 CFR 164.514(b)(2)(i)): dates, ZIP codes in an address, URLs, medical
     * record, health plan, account, licence, device and serial numbers (labelled), MAC addresses,
     * VINs (check digit), licence plates (labelled) and ages over 89. Phone and fax numbers, e-mail
     * addresses, SSNs and IP addresses are among the defaults. Names, street addresses, cities,
     * biometric identifiers and photographs need an NER (or image) add-on and are not recognised.
     */
    public static List<Recognizer> safeHarbor() {
        List<Recognizer> all = new ArrayList<>(defaults());
        all.addAll(List.of(
                date(),
                zipCode(),
                url(),
                medicalRecordNumber(),
                healthPlanId(),
                accountNumber(),
                licenseNumber(),
                deviceId(),
                macAddress(),
                vin(),
                licensePlate(),
                ageOver89()));
        return List.copyOf(all);
    }

    /** Labels, then an optional "number"/"no."/"#" and a colon: what separates a label from its value. */
    private static final String LABEL_TAIL = "\\s*(?:number|num\\.?|no\\.?|nr\\.?|#|id)?\\s*[:#=]?\\s*";
    /** An identifier value: 4-20 letters, digits and inner hyphens. */
    private static final String ID_VALUE = "(?<v>[A-Za-z0-9][A-Za-z0-9-]{2,18}[A-Za-z0-9])(?![A-Za-z0-9-])";

    private static final String STATES = "AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO"
            + "|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|PR|GU|VI|AS|MP";
    private static final String STATE_NAMES = "Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware"
            + "|Florida|Georgia|Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland"
            + "|Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|New Hampshire"
            + "|New Jersey|New Mexico|New York|North Carolina|North Dakota|Ohio|Oklahoma|Oregon|Pennsylvania"
            + "|Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|Vermont|Virginia|Washington"
            + "|West Virginia|Wisconsin|Wyoming|Puerto Rico|District of Columbia";

    /** See {@link DateRecognizer}. */
    public static Recognizer date() {
        return new DateRecognizer(0.6);
    }

    /**
     * Five-digit and ZIP+4 codes only where an address or a label makes them one: after a comma, a
     * space and a state ({@code Boston, MA 02115}, {@code Austin, Texas 78701}; a CSV field such as
     * {@code ,CA 31352} is a ticket number, not an address) or after {@code ZIP},
     * {@code ZIP code} or {@code postal code}. Any other five-digit number is left alone (amounts,
     * counts and identifiers are far more common than bare ZIP codes).
     */
    public static Recognizer zipCode() {
        return new LabelledRecognizer(
                PiiType.ZIP_CODE,
                0.7,
                Pattern.compile("(?:,\\s+(?:(?:" + STATES + ")|(?:" + STATE_NAMES + "))\\s+"
                        + "|(?i:(?<![A-Za-z])(?:zip(?:\\s*code|\\+4)?|postal\\s*code|postcode))\\s*[:#]?\\s*)"
                        + "(?<v>\\d{5}(?:-\\d{4})?)(?![\\w-])"),
                v -> true);
    }

    /** {@code http}, {@code https} and {@code ftp} URLs and {@code www.} hosts, without trailing punctuation. */
    public static Recognizer url() {
        return new RegexRecognizer(
                PiiType.URL,
                0.85,
                Pattern.compile("(?i)(?<![\\w@.])(?:(?:https?|ftp)://|www\\.)[^\\s<>\"'`{}|\\\\^]*"
                        + "[^\\s<>\"'`{}|\\\\^.,;:!?)\\]]"),
                m -> m.group().length() > 8);
    }

    /** Medical record numbers after a label: {@code MRN}, {@code medical record number}, {@code patient ID}, ... */
    public static Recognizer medicalRecordNumber() {
        return labelled(
                PiiType.MEDICAL_RECORD_NUMBER,
                "MRN|MR\\s*#|medical\\s+record(?:\\s+(?:number|no\\.?|#))?|med(?:ical)?\\.?\\s*rec(?:ord)?\\.?"
                        + "|patient\\s+(?:id|identifier|number|no\\.?|#)|chart\\s+(?:number|no\\.?|#)");
    }

    /** Health plan beneficiary numbers after a label: member, subscriber, beneficiary, policy, Medicare, MBI. */
    public static Recognizer healthPlanId() {
        return labelled(
                PiiType.HEALTH_PLAN_ID,
                "(?:member|subscriber|beneficiary|policy|insurance|health\\s+plan|medicare|medicaid)"
                        + "\\s+(?:id|identifier|number|no\\.?|#)|MBI|HICN");
    }

    /** Account numbers after a label: account number, acct, a/c, bank or billing account. */
    public static Recognizer accountNumber() {
        return labelled(
                PiiType.ACCOUNT_NUMBER,
                "(?:bank\\s+|billing\\s+|patient\\s+)?account\\s+(?:number|no\\.?|#|num\\.?)|acct\\.?|a/c");
    }

    /** Certificate and licence numbers after a label: licence number, driver's licence, DL#, DEA, certificate. */
    public static Recognizer licenseNumber() {
        return labelled(
                PiiType.LICENSE_NUMBER,
                "(?:driver'?s?\\s+|medical\\s+|professional\\s+)?licen[cs]e\\s+(?:number|no\\.?|#|num\\.?)"
                        + "|driver'?s?\\s+licen[cs]e|DL\\s*#|DL\\s+(?:number|no\\.?)|DEA(?:\\s+(?:number|no\\.?|#))?"
                        + "|certificate\\s+(?:number|no\\.?|#)");
    }

    /** Device identifiers and serial numbers after a label: serial number, S/N, device ID, UDI, IMEI. */
    public static Recognizer deviceId() {
        return labelled(
                PiiType.DEVICE_ID,
                "serial(?:\\s+(?:number|no\\.?|#))?|S/N|SN(?=\\s*[:#])|device\\s+(?:id|identifier|serial)|UDI|IMEI");
    }

    /** MAC addresses ({@code 00:1A:2B:3C:4D:5E}, {@code 00-1A-...}): device identifiers without a label. */
    public static Recognizer macAddress() {
        return new RegexRecognizer(
                PiiType.DEVICE_ID,
                0.8,
                Pattern.compile("(?<![\\w:-])[0-9A-Fa-f]{2}([:-])(?:[0-9A-Fa-f]{2}\\1){4}[0-9A-Fa-f]{2}(?![\\w:-])"),
                m -> true);
    }

    /** Seventeen-character VINs whose ninth character is the check digit; see {@link Vins}. */
    public static Recognizer vin() {
        return new RegexRecognizer(
                PiiType.VIN,
                CHECKSUM,
                Pattern.compile("(?<![A-Za-z0-9])[A-HJ-NPR-Z0-9]{17}(?![A-Za-z0-9])"),
                m -> Vins.valid(m.group()));
    }

    /** Licence plates after a label ({@code license plate}, {@code plate number}): one to eight letters and digits. */
    public static Recognizer licensePlate() {
        return new LabelledRecognizer(
                PiiType.LICENSE_PLATE,
                0.8,
                Pattern.compile("(?i:(?<![A-Za-z])(?:licen[cs]e\\s+plate|plate|tag)(?:\\s+(?:number|no\\.?|#))?)"
                        + "\\s*[:#]?\\s*(?<v>[A-Z0-9]{1,4}[ -]?[A-Z0-9]{1,4})(?![A-Za-z0-9-])"),
                v -> v.chars().anyMatch(Character::isDigit)
                        && v.replaceAll("[ -]", "").length() >= 4);
    }

    /**
     * Ages of 90 to 125 written as ages: {@code age 92}, {@code aged 95}, {@code Age: 91},
     * {@code 93 years old}, {@code 90-year-old}, {@code 97 y/o}. Only the number is reported, so
     * the text still reads as an age. "95 years" alone is a duration, not an age.
     */
    public static Recognizer ageOver89() {
        return new LabelledRecognizer(
                PiiType.AGE_OVER_89,
                0.7,
                Pattern.compile(
                        "(?i)(?<![A-Za-z])(?:age[ds]?|aged)\\s*(?:of\\s+)?[:=]?\\s*(?<v>\\d{2,3})(?![\\d.,]\\d|\\d)"
                                + "|(?<![\\w.])(?<v2>\\d{2,3})"
                                + "(?:[\\s-]*(?:years?|yrs?)[\\s-]*(?:old|of\\s+age)|\\s*(?:yo|y/o|y\\.o\\.))"
                                + "(?![A-Za-z])"),
                v -> {
                    int age = Integer.parseInt(v);
                    return age >= 90 && age <= 125;
                });
    }

    private static Recognizer labelled(PiiType type, String labels) {
        return new LabelledRecognizer(
                type,
                0.8,
                Pattern.compile("(?i:(?<![A-Za-z])(?:" + labels + ")(?![A-Za-z]))" + LABEL_TAIL + ID_VALUE),
                v -> v.chars().filter(Character::isDigit).count() >= 3);
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
