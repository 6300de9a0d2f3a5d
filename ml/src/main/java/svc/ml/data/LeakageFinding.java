package svc.ml.data;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One leakage observation: which column (null for the table as a whole), what kind, the figures
 * behind it, how sure the screen is and what the run does about it.
 *
 * @param kind       {@code target_copy}, {@code near_perfect_predictor}, {@code dominant_predictor},
 *                   {@code presence_depends_on_target}, {@code post_outcome_meaning},
 *                   {@code identifier}, {@code identifier_follows_target} or {@code row_order}
 * @param evidence   the figures, by name (AUCs, shares, row counts, the statement's words)
 * @param confidence {@code high}, {@code medium} or {@code low}
 * @param action     {@code dropped}, {@code dropped_with_warning}, {@code ask} (a person decides at
 *                   the data stage's gate), {@code kept} or {@code noted}
 * @param message    one sentence for people
 */
public record LeakageFinding(
        String column, String kind, Map<String, Object> evidence, String confidence, String action, String message) {

    public static final String HIGH = "high";
    public static final String MEDIUM = "medium";
    public static final String LOW = "low";

    public static final String DROPPED = "dropped";
    public static final String DROPPED_WITH_WARNING = "dropped_with_warning";
    public static final String ASK = "ask";
    public static final String KEPT = "kept";
    public static final String NOTED = "noted";

    public LeakageFinding {
        evidence = evidence == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(evidence));
    }

    /** Whether this finding says the column gives the answer away (identifiers and notes do not). */
    public boolean isLeak() {
        return column != null && !kind.equals("identifier") && !kind.equals("row_order") && !confidence.equals(LOW);
    }

    /** Whether the run removes the column without asking anyone. */
    public boolean dropsWithoutAsking() {
        return action.equals(DROPPED) || action.equals(DROPPED_WITH_WARNING);
    }
}
