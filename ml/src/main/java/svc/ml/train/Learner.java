package svc.ml.train;

import java.util.Locale;

/** The learner families. The wire name (lower case) is what manifests and metrics.json carry. */
public enum Learner {
    /** Logistic regression (classification) or least squares (regression), Tribuo SGD. */
    LINEAR(true),
    /** A random forest: XGBoost's random-forest mode (parallel trees on row and per-split feature samples). */
    RANDOM_FOREST(false),
    /** Gradient-boosted trees, XGBoost. */
    XGBOOST(false);

    private final boolean needsScaling;

    Learner(boolean needsScaling) {
        this.needsScaling = needsScaling;
    }

    /** Whether inputs should be standardized before fitting (gradient steps are scale sensitive). */
    public boolean needsScaling() {
        return needsScaling;
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Learner fromWireName(String name) {
        for (Learner l : values()) {
            if (l.wireName().equalsIgnoreCase(name)) {
                return l;
            }
        }
        throw new IllegalArgumentException(
                "unknown learner '" + name + "'; expected one of linear, random_forest, xgboost");
    }
}
