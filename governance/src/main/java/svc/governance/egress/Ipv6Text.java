package svc.governance.egress;

/** RFC 5952 text for IPv6 bytes: lower-case, leading zeros dropped, longest zero run as {@code ::}. */
final class Ipv6Text {

    private Ipv6Text() {}

    static String compressed(byte[] b) {
        int[] w = new int[8];
        for (int i = 0; i < 8; i++) {
            w[i] = ((b[2 * i] & 255) << 8) | (b[2 * i + 1] & 255);
        }
        int bestStart = -1;
        int bestLen = 1;
        for (int i = 0; i < 8; ) {
            if (w[i] != 0) {
                i++;
                continue;
            }
            int j = i;
            while (j < 8 && w[j] == 0) {
                j++;
            }
            if (j - i > bestLen) {
                bestStart = i;
                bestLen = j - i;
            }
            i = j;
        }
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                s.append("::");
                i += bestLen - 1;
                continue;
            }
            if (s.length() > 0 && s.charAt(s.length() - 1) != ':') {
                s.append(':');
            }
            s.append(Integer.toHexString(w[i]));
        }
        return s.toString();
    }
}
