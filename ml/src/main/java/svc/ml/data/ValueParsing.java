package svc.ml.data;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Set;

/** Parsing of single raw values, shared by type inference, columns and the preprocessor. */
final class ValueParsing {
    private static final Set<String> TRUE = Set.of("true", "yes", "y", "t");
    private static final Set<String> FALSE = Set.of("false", "no", "n", "f");

    private ValueParsing() {}

    static boolean isNumber(String s) {
        if (s.isEmpty()) {
            return false;
        }
        char c = s.charAt(0);
        if (!(Character.isDigit(c) || c == '-' || c == '+' || c == '.')) {
            return false; // cheap reject before the exception path; also rejects "NaN"/"Infinity"
        }
        try {
            Double.parseDouble(s);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    static boolean isBoolean(String s) {
        String l = s.toLowerCase(Locale.ROOT);
        return TRUE.contains(l) || FALSE.contains(l);
    }

    static boolean isDate(String s) {
        return s.length() >= 10 && s.charAt(4) == '-' && s.charAt(7) == '-' && parseDate(s) != null;
    }

    static LocalDate parseDate(String s) {
        try {
            return LocalDate.parse(s.length() > 10 ? s.substring(0, 10) : s);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    static double toNumber(ColumnType type, String s) {
        switch (type) {
            case NUMERIC:
                return isNumber(s) ? Double.parseDouble(s) : Double.NaN;
            case BOOLEAN:
                String l = s.toLowerCase(Locale.ROOT);
                return TRUE.contains(l) ? 1.0 : FALSE.contains(l) ? 0.0 : Double.NaN;
            case DATE:
                LocalDate d = parseDate(s);
                return d == null ? Double.NaN : d.toEpochDay();
            default:
                return Double.NaN;
        }
    }
}
