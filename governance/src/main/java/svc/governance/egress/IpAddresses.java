package svc.governance.egress;

import java.util.Optional;

/**
 * Strict parsers for the canonical textual forms of IP addresses: dotted-quad IPv4 (four decimal
 * parts, each 0-255) and RFC 4291 IPv6 (eight groups of 1-4 hex digits, one {@code ::} at most, an
 * optional trailing dotted quad). No DNS, no {@code InetAddress}: {@code InetAddress.getByName}
 * resolves anything it does not recognise as a literal, which a guardrail must never do.
 * The PII recognizers use these too, to validate IPV4/IPV6 candidates.
 */
public final class IpAddresses {

    private IpAddresses() {}

    /** The four bytes of a strict dotted quad such as {@code 192.168.0.1}, or empty. */
    public static Optional<byte[]> parseDottedQuad(String s) {
        String[] parts = s.split("\\.", -1);
        if (parts.length != 4) {
            return Optional.empty();
        }
        byte[] out = new byte[4];
        for (int i = 0; i < 4; i++) {
            String p = parts[i];
            if (p.isEmpty() || p.length() > 3 || !p.chars().allMatch(c -> c >= '0' && c <= '9')) {
                return Optional.empty();
            }
            int v = Integer.parseInt(p);
            if (v > 255) {
                return Optional.empty();
            }
            out[i] = (byte) v;
        }
        return Optional.of(out);
    }

    /** The sixteen bytes of an IPv6 literal (no brackets, no zone id), or empty. */
    public static Optional<byte[]> parseIpv6(String s) {
        int gap = s.indexOf("::");
        if (gap >= 0 && s.indexOf("::", gap + 1) >= 0) {
            return Optional.empty();
        }
        int[] words = new int[8];
        byte[] tailV4 = null;
        String head = gap >= 0 ? s.substring(0, gap) : s;
        String tail = gap >= 0 ? s.substring(gap + 2) : "";
        String[] headGroups = head.isEmpty() ? new String[0] : head.split(":", -1);
        String[] tailGroups = tail.isEmpty() ? new String[0] : tail.split(":", -1);
        String[] last = gap >= 0 ? tailGroups : headGroups;
        if (last.length > 0 && last[last.length - 1].contains(".")) {
            Optional<byte[]> v4 = parseDottedQuad(last[last.length - 1]);
            if (v4.isEmpty()) {
                return Optional.empty();
            }
            tailV4 = v4.get();
            String[] trimmed = new String[last.length - 1];
            System.arraycopy(last, 0, trimmed, 0, trimmed.length);
            if (gap >= 0) {
                tailGroups = trimmed;
            } else {
                headGroups = trimmed;
            }
        }
        int v4Words = tailV4 == null ? 0 : 2;
        int explicit = headGroups.length + tailGroups.length + v4Words;
        if (gap >= 0 ? explicit > 7 : explicit != 8) {
            return Optional.empty();
        }
        for (int i = 0; i < headGroups.length; i++) {
            int w = hexGroup(headGroups[i]);
            if (w < 0) {
                return Optional.empty();
            }
            words[i] = w;
        }
        int tailStart = 8 - v4Words - tailGroups.length;
        for (int i = 0; i < tailGroups.length; i++) {
            int w = hexGroup(tailGroups[i]);
            if (w < 0) {
                return Optional.empty();
            }
            words[tailStart + i] = w;
        }
        byte[] out = new byte[16];
        for (int i = 0; i < 8; i++) {
            out[2 * i] = (byte) (words[i] >>> 8);
            out[2 * i + 1] = (byte) words[i];
        }
        if (tailV4 != null) {
            System.arraycopy(tailV4, 0, out, 12, 4);
        }
        return Optional.of(out);
    }

    private static int hexGroup(String g) {
        if (g.isEmpty() || g.length() > 4) {
            return -1;
        }
        int v = 0;
        for (int i = 0; i < g.length(); i++) {
            char c = g.charAt(i);
            int d = c < 128 ? Character.digit(c, 16) : -1;
            if (d < 0) {
                return -1;
            }
            v = v * 16 + d;
        }
        return v;
    }
}
