package svc.ml.fairness;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Finds sensitive attributes by column name and turns numeric ages into groups.
 *
 * <p>Detection is by name only, on purpose: it is the first guess an agent makes when the user
 * names no attribute, and the audit then shows which columns were used.
 */
public final class SensitiveAttributes {

    /** Name tokens that mark a protected characteristic. */
    private static final Set<String> TOKENS = Set.of(
            "sex",
            "gender",
            "race",
            "ethnicity",
            "ethnic",
            "age",
            "religion",
            "religious",
            "marital",
            "nationality",
            "disability",
            "disabled",
            "caste");

    /** Multi-word names matched as a whole (German credit's conventions). */
    private static final List<String> PHRASES = List.of("personal_status", "foreign_worker");

    /** Default age bands: under 25, 25 to 40, 40 to 60, 60 and over. */
    public static final double[] DEFAULT_AGE_EDGES = {25, 40, 60};

    private SensitiveAttributes() {}

    /**
     * The columns whose name marks a sensitive attribute, in the order given. Names are split into
     * words at separators and camel case, so {@code wage} is not {@code age} but {@code AGE},
     * {@code ageGroup} and {@code marital-status} are.
     */
    public static List<String> detect(Collection<String> columnNames) {
        List<String> found = new ArrayList<>();
        for (String column : columnNames) {
            String normal = normal(column);
            boolean token = Arrays.stream(normal.split("_")).anyMatch(TOKENS::contains);
            boolean phrase = PHRASES.stream().anyMatch(normal::contains);
            if (token || phrase) {
                found.add(column);
            }
        }
        return found;
    }

    /** Whether a column name is an age ({@code AGE}, {@code age_years}), by word: {@code MARRIAGE} is not. */
    public static boolean isAge(String column) {
        return Arrays.asList(normal(column).split("_")).contains("age");
    }

    private static String normal(String column) {
        return column.replaceAll("([a-z0-9])([A-Z])", "$1_$2")
                .toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9]+", "_");
    }

    /** Bands ages into {@code <25, 25-40, 40-60, 60+}. */
    public static String[] ageBands(double[] ages) {
        return ageBands(ages, DEFAULT_AGE_EDGES);
    }

    /**
     * Bands ages at ascending edges: with edges {@code a < b} the bands are {@code <a},
     * {@code a-b} (a ≤ age < b) and {@code b+}. NaN ages become the missing group.
     */
    public static String[] ageBands(double[] ages, double... edges) {
        if (edges.length == 0) {
            throw new IllegalArgumentException("age bands need at least one edge");
        }
        for (int i = 1; i < edges.length; i++) {
            if (!(edges[i] > edges[i - 1])) {
                throw new IllegalArgumentException("age band edges must ascend: " + Arrays.toString(edges));
            }
        }
        String[] labels = new String[edges.length + 1];
        labels[0] = "<" + number(edges[0]);
        for (int i = 1; i < edges.length; i++) {
            labels[i] = number(edges[i - 1]) + "-" + number(edges[i]);
        }
        labels[edges.length] = number(edges[edges.length - 1]) + "+";
        String[] out = new String[ages.length];
        for (int r = 0; r < ages.length; r++) {
            if (Double.isNaN(ages[r])) {
                out[r] = FairnessAuditor.MISSING_GROUP;
                continue;
            }
            int band = 0;
            while (band < edges.length && ages[r] >= edges[band]) {
                band++;
            }
            out[r] = labels[band];
        }
        return out;
    }

    /** Two groups, {@code >cut} and {@code <=cut}: German credit's usual {@code age > 25}. */
    public static String[] ageAbove(double[] ages, double cut) {
        String over = ">" + number(cut);
        String notOver = "<=" + number(cut);
        String[] out = new String[ages.length];
        for (int r = 0; r < ages.length; r++) {
            out[r] = Double.isNaN(ages[r]) ? FairnessAuditor.MISSING_GROUP : ages[r] > cut ? over : notOver;
        }
        return out;
    }

    private static String number(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
