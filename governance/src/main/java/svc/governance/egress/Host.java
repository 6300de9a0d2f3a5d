package svc.governance.egress;

import java.io.ByteArrayOutputStream;
import java.net.IDN;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A URL host reduced to one canonical spelling, the way a browser or HTTP client would read it:
 * percent-decoded, IDNA-mapped (full-width digits and ideographic dots become ASCII), lower-cased,
 * trailing dot dropped, and numeric hosts read with the WHATWG IPv4 rules, so {@code 2130706433},
 * {@code 0x7f.1} and {@code 0177.0.0.1} all become {@code 127.0.0.1}. {@code spelledOddly} records
 * that the written form differed from the canonical one, which for a blocked address is a sign of
 * a deliberate bypass attempt.
 */
public record Host(String canonical, Kind kind, byte[] address, boolean spelledOddly) {

    public enum Kind {
        NAME,
        IPV4,
        IPV6
    }

    public Host {
        Objects.requireNonNull(canonical, "canonical");
        Objects.requireNonNull(kind, "kind");
    }

    /**
     * Parses a host as written in a URL's authority (brackets included for IPv6).
     * Empty when the host cannot be a valid host at all; the caller treats that as a denial.
     */
    public static Optional<Host> parse(String raw) {
        if (raw.isEmpty()) {
            return Optional.empty();
        }
        if (raw.startsWith("[")) {
            return parseBracketed(raw);
        }
        Optional<String> decoded = percentDecode(raw);
        if (decoded.isEmpty()) {
            return Optional.empty();
        }
        String ascii;
        try {
            ascii = IDN.toASCII(decoded.get(), IDN.ALLOW_UNASSIGNED).toLowerCase(Locale.ROOT);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        String name = ascii.endsWith(".") ? ascii.substring(0, ascii.length() - 1) : ascii;
        if (name.isEmpty()
                || !name.chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '.' || c == '-' || c == '_')) {
            return Optional.empty();
        }
        boolean odd = !name.equals(raw);
        if (endsInANumber(name)) {
            OptionalIpv4 v4 = parseIpv4(name);
            if (!v4.valid) {
                return Optional.empty();
            }
            String dotted = dotted(v4.value);
            return Optional.of(new Host(dotted, Kind.IPV4, toBytes(v4.value), odd || !dotted.equals(name)));
        }
        return Optional.of(new Host(name, Kind.NAME, null, odd));
    }

    private static Optional<Host> parseBracketed(String raw) {
        if (!raw.endsWith("]")) {
            return Optional.empty();
        }
        String inner = raw.substring(1, raw.length() - 1);
        int zone = inner.indexOf('%');
        String literal = zone >= 0 ? inner.substring(0, zone) : inner;
        return IpAddresses.parseIpv6(literal)
                .map(bytes -> new Host(
                        "[" + Ipv6Text.compressed(bytes) + "]",
                        Kind.IPV6,
                        bytes,
                        !("[" + Ipv6Text.compressed(bytes) + "]").equals(raw.toLowerCase(Locale.ROOT))));
    }

    /** WHATWG "ends in a number": the last label is all digits, or 0x followed by hex digits. */
    private static boolean endsInANumber(String name) {
        String[] labels = name.split("\\.", -1);
        String last = labels[labels.length - 1];
        if (last.isEmpty()) {
            return false;
        }
        if (last.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return true;
        }
        return last.startsWith("0x") && last.substring(2).chars().allMatch(c -> Character.digit(c, 16) >= 0 && c < 128);
    }

    private record OptionalIpv4(boolean valid, long value) {}

    /** WHATWG IPv4 parser: 1-4 parts, each decimal, 0x-hex or 0-octal; the last fills the remaining bytes. */
    private static OptionalIpv4 parseIpv4(String name) {
        String[] parts = name.split("\\.", -1);
        if (parts.length > 4) {
            return new OptionalIpv4(false, 0);
        }
        long[] numbers = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            long n = parseIpv4Number(parts[i]);
            if (n < 0) {
                return new OptionalIpv4(false, 0);
            }
            numbers[i] = n;
        }
        for (int i = 0; i < numbers.length - 1; i++) {
            if (numbers[i] > 255) {
                return new OptionalIpv4(false, 0);
            }
        }
        long last = numbers[numbers.length - 1];
        if (last >= 1L << (8 * (5 - numbers.length))) {
            return new OptionalIpv4(false, 0);
        }
        long value = last;
        for (int i = 0; i < numbers.length - 1; i++) {
            value += numbers[i] << (8 * (3 - i));
        }
        return new OptionalIpv4(true, value);
    }

    /** The value of one part, or -1 if it is not a number (or absurdly long). */
    private static long parseIpv4Number(String part) {
        if (part.isEmpty() || part.length() > 12) {
            return -1;
        }
        int radix = 10;
        String digits = part;
        if (part.startsWith("0x") || part.startsWith("0X")) {
            radix = 16;
            digits = part.substring(2);
            if (digits.isEmpty()) {
                return 0;
            }
        } else if (part.length() > 1 && part.startsWith("0")) {
            radix = 8;
            digits = part.substring(1);
        }
        long v = 0;
        for (int i = 0; i < digits.length(); i++) {
            char c = digits.charAt(i);
            int d = c < 128 ? Character.digit(c, radix) : -1;
            if (d < 0) {
                return -1;
            }
            v = v * radix + d;
        }
        return v;
    }

    private static Optional<String> percentDecode(String s) {
        if (s.indexOf('%') < 0) {
            return Optional.of(s);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%') {
                if (i + 2 >= s.length()
                        || Character.digit(s.charAt(i + 1), 16) < 0
                        || Character.digit(s.charAt(i + 2), 16) < 0) {
                    return Optional.empty();
                }
                out.write(Integer.parseInt(s.substring(i + 1, i + 3), 16));
                i += 2;
            } else {
                byte[] b = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                out.write(b, 0, b.length);
            }
        }
        return Optional.of(out.toString(StandardCharsets.UTF_8));
    }

    static String dotted(long v) {
        return ((v >>> 24) & 255) + "." + ((v >>> 16) & 255) + "." + ((v >>> 8) & 255) + "." + (v & 255);
    }

    private static byte[] toBytes(long v) {
        return new byte[] {(byte) (v >>> 24), (byte) (v >>> 16), (byte) (v >>> 8), (byte) v};
    }

    @Override
    public String toString() {
        return canonical;
    }
}
