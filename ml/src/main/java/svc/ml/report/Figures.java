package svc.ml.report;

import java.util.Locale;

/** Number formatting shared by the model card and the PDF, so both state the same digits. */
final class Figures {

    private Figures() {}

    /** Four decimals, or {@code n/a} for a missing or non-finite value. */
    static String num(Double v) {
        if (v == null || v.isNaN() || v.isInfinite()) {
            return "n/a";
        }
        return String.format(Locale.ROOT, "%.4f", v);
    }

    static String count(long v) {
        return String.format(Locale.ROOT, "%,d", v);
    }

    static String percent(double share) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * share);
    }
}
