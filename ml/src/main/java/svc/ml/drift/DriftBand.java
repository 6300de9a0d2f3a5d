package svc.ml.drift;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** The spec's PSI bands: below 0.10 stable, 0.10 to 0.25 moderate, above 0.25 significant. */
public enum DriftBand {
    STABLE,
    MODERATE,
    SIGNIFICANT;

    /** The band of a PSI value under the given thresholds. */
    public static DriftBand of(double psi, DriftThresholds t) {
        if (psi > t.significant()) {
            return SIGNIFICANT;
        }
        return psi >= t.moderate() ? MODERATE : STABLE;
    }

    @JsonValue
    public String json() {
        return name().toLowerCase(Locale.ROOT);
    }
}
