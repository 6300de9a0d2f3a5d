package svc.governance.pii;

import java.math.BigInteger;

/**
 * The check-digit schemes that separate real identifiers from look-alike digit runs. All methods
 * take the digits only (separators already removed) and return false on any non-digit.
 */
public final class Checksums {

    private static final int[][] VERHOEFF_D = {
        {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 2, 3, 4, 0, 6, 7, 8, 9, 5}, {2, 3, 4, 0, 1, 7, 8, 9, 5, 6},
        {3, 4, 0, 1, 2, 8, 9, 5, 6, 7}, {4, 0, 1, 2, 3, 9, 5, 6, 7, 8}, {5, 9, 8, 7, 6, 0, 4, 3, 2, 1},
        {6, 5, 9, 8, 7, 1, 0, 4, 3, 2}, {7, 6, 5, 9, 8, 2, 1, 0, 4, 3}, {8, 7, 6, 5, 9, 3, 2, 1, 0, 4},
        {9, 8, 7, 6, 5, 4, 3, 2, 1, 0}
    };
    private static final int[][] VERHOEFF_P = {
        {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 5, 7, 6, 2, 8, 3, 0, 9, 4}, {5, 8, 0, 3, 7, 9, 6, 1, 4, 2},
        {8, 9, 1, 6, 0, 4, 3, 5, 2, 7}, {9, 4, 5, 3, 1, 2, 6, 8, 7, 0}, {4, 2, 8, 6, 5, 7, 3, 9, 0, 1},
        {2, 7, 9, 3, 8, 0, 6, 4, 1, 5}, {7, 0, 4, 6, 9, 1, 3, 2, 5, 8}
    };
    private static final int[] VERHOEFF_INV = {0, 4, 3, 2, 1, 5, 6, 7, 8, 9};
    private static final BigInteger NINETY_SEVEN = BigInteger.valueOf(97);

    private Checksums() {}

    public static boolean luhnValid(String digits) {
        return isDigits(digits) && luhnSum(digits, false) % 10 == 0;
    }

    /** The digit that, appended to {@code payload}, makes it Luhn-valid. */
    public static char luhnCheckDigit(String payload) {
        requireDigits(payload);
        return (char) ('0' + (10 - luhnSum(payload, true) % 10) % 10);
    }

    private static int luhnSum(String digits, boolean payloadOnly) {
        int sum = 0;
        // Doubling starts at the rightmost digit of the payload, i.e. the second from the right
        // of a complete number.
        boolean doubled = payloadOnly;
        for (int i = digits.length() - 1; i >= 0; i--) {
            int d = digits.charAt(i) - '0';
            if (doubled) {
                d *= 2;
                if (d > 9) {
                    d -= 9;
                }
            }
            sum += d;
            doubled = !doubled;
        }
        return sum;
    }

    public static boolean verhoeffValid(String digits) {
        return isDigits(digits) && verhoeffChecksum(digits, 0) == 0;
    }

    /** The digit that, appended to {@code payload}, makes it Verhoeff-valid. */
    public static char verhoeffCheckDigit(String payload) {
        requireDigits(payload);
        return (char) ('0' + VERHOEFF_INV[verhoeffChecksum(payload, 1)]);
    }

    private static int verhoeffChecksum(String digits, int offset) {
        int c = 0;
        int n = digits.length();
        for (int i = 0; i < n; i++) {
            int d = digits.charAt(n - 1 - i) - '0';
            c = VERHOEFF_D[c][VERHOEFF_P[(i + offset) % 8][d]];
        }
        return c;
    }

    /**
     * ISO 13616 check: move the first four characters to the end, letters to 10..35, and the
     * number must be 1 modulo 97. Takes the compact upper-case IBAN.
     */
    public static boolean ibanMod97Valid(String iban) {
        if (iban.length() < 5) {
            return false;
        }
        String rearranged = iban.substring(4) + iban.substring(0, 4);
        StringBuilder numeric = new StringBuilder(rearranged.length() * 2);
        for (int i = 0; i < rearranged.length(); i++) {
            char c = rearranged.charAt(i);
            if (c >= '0' && c <= '9') {
                numeric.append(c);
            } else if (c >= 'A' && c <= 'Z') {
                numeric.append(c - 'A' + 10);
            } else {
                return false;
            }
        }
        return new BigInteger(numeric.toString()).mod(NINETY_SEVEN).intValue() == 1;
    }

    private static boolean isDigits(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    private static void requireDigits(String s) {
        if (!isDigits(s)) {
            throw new IllegalArgumentException("expected ASCII digits only, got '" + s + "'");
        }
    }
}
