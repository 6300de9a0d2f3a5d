package svc.ml.drift;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * PSI band limits and the share floor.
 *
 * @param moderate    PSI at or above which drift is moderate (BFSI: 0.10)
 * @param significant PSI above which drift is significant and blocks deployment (BFSI: 0.25)
 * @param floor       the smallest share a bin is given, so that an empty bin does not make
 *                    ln(current/reference) infinite
 * @param rareCategoryShare categories below this share of the reference go to the {@code other}
 *                    bin. Without it, sampling noise alone gives PSI ≈ (k−1)(1/n + 1/m) over
 *                    k categories: 0.0035 for Adult's 42 countries between train and test.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record DriftThresholds(double moderate, double significant, double floor, double rareCategoryShare) {

    public static final DriftThresholds BFSI = new DriftThresholds(0.10, 0.25, 1e-4, 0.005);

    public DriftThresholds {
        if (!(moderate > 0 && significant >= moderate)) {
            throw new IllegalArgumentException(
                    "drift thresholds need 0 < moderate <= significant, got " + moderate + " and " + significant);
        }
        if (!(floor > 0 && floor < 0.01)) {
            throw new IllegalArgumentException("PSI floor must be in (0, 0.01), got " + floor);
        }
        if (!(rareCategoryShare >= 0 && rareCategoryShare < 0.1)) {
            throw new IllegalArgumentException("rare category share must be in [0, 0.1), got " + rareCategoryShare);
        }
    }
}
