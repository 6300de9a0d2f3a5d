package svc.ml.data;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Loose word matching for column names and problem statements: names split at separators and
 * camel case ({@code LIMIT_BAL}, {@code homeDest}, {@code home.dest}), words lower-cased and
 * reduced to a crude stem so that plurals and verb forms meet ({@code survived}, {@code survive},
 * {@code survival}; {@code defaults}, {@code default}).
 */
final class Words {

    private Words() {}

    /** The words of a column name, lower case: {@code default_payment_next_month} → default, payment, next, month. */
    static List<String> ofName(String name) {
        String spaced = name.replaceAll("([a-z0-9])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
        List<String> out = new ArrayList<>();
        for (String w : spaced.split("[^a-z0-9]+")) {
            if (!w.isEmpty()) {
                out.add(w);
            }
        }
        return out;
    }

    /** The words of a value or phrase, lower case, split at anything but letters and digits: {@code >50K} → 50k. */
    static List<String> ofText(String text) {
        List<String> out = new ArrayList<>();
        for (String w : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            if (!w.isEmpty()) {
                out.add(w);
            }
        }
        return out;
    }

    /** A crude stem: plural and verb endings and a final e removed. */
    static String stem(String word) {
        String w = word;
        if (w.length() > 4 && w.endsWith("ies")) {
            w = w.substring(0, w.length() - 3) + "y";
        } else if (w.length() > 4 && w.matches(".*(sses|ches|shes|xes)")) {
            w = w.substring(0, w.length() - 2);
        } else if (w.length() > 3 && w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us")) {
            w = w.substring(0, w.length() - 1);
        }
        if (w.length() > 5 && w.endsWith("ing")) {
            w = w.substring(0, w.length() - 3);
        } else if (w.length() > 4 && w.endsWith("ed")) {
            w = w.substring(0, w.length() - 2);
        }
        if (w.length() > 3 && w.endsWith("e")) {
            w = w.substring(0, w.length() - 1);
        }
        return w;
    }

    /**
     * Whether two stems name the same thing: equal, or (both of five letters or more) one is the
     * other plus at most three letters ({@code surviv} and {@code survival}).
     */
    static boolean same(String a, String b) {
        if (a.equals(b)) {
            return true;
        }
        if (a.length() < 5 || b.length() < 5 || Math.abs(a.length() - b.length()) > 3) {
            return false;
        }
        return a.startsWith(b) || b.startsWith(a);
    }
}
