package svc.governance.pii;

/**
 * The check digit of a vehicle identification number (49 CFR 565.15): letters transliterate to
 * digits, each position has a weight, and the weighted sum modulo 11 is the ninth character (10
 * written {@code X}). Mandatory in North America since 1981; many European VINs carry no check
 * digit and are not recognised.
 */
final class Vins {

    private static final int[] WEIGHTS = {8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2};

    private Vins() {}

    static boolean valid(String vin) {
        if (vin.length() != 17) {
            return false;
        }
        int sum = 0;
        boolean letter = false;
        boolean digit = false;
        for (int i = 0; i < 17; i++) {
            char c = vin.charAt(i);
            int v = value(c);
            if (v < 0) {
                return false;
            }
            letter |= c >= 'A';
            digit |= c <= '9';
            sum += v * WEIGHTS[i];
        }
        int check = sum % 11;
        char expected = check == 10 ? 'X' : (char) ('0' + check);
        return letter && digit && vin.charAt(8) == expected;
    }

    /** The transliterated value of a VIN character, or -1 (I, O and Q are never used). */
    private static int value(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        switch (c) {
            case 'A', 'J' -> {
                return 1;
            }
            case 'B', 'K', 'S' -> {
                return 2;
            }
            case 'C', 'L', 'T' -> {
                return 3;
            }
            case 'D', 'M', 'U' -> {
                return 4;
            }
            case 'E', 'N', 'V' -> {
                return 5;
            }
            case 'F', 'W' -> {
                return 6;
            }
            case 'G', 'P', 'X' -> {
                return 7;
            }
            case 'H', 'Y' -> {
                return 8;
            }
            case 'R', 'Z' -> {
                return 9;
            }
            default -> {
                return -1;
            }
        }
    }
}
