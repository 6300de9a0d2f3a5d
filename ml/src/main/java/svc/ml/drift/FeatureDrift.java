package svc.ml.drift;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;

/**
 * Drift of one feature.
 *
 * @param name                     the column
 * @param type                     {@code numeric} or {@code categorical}
 * @param binning                  {@code deciles}, {@code values} (per-value bins, when the
 *                                 reference has too few distinct values) or {@code categories}
 *                                 (one bin per category, rare ones merged into {@code other})
 * @param psi                      Population Stability Index over the bins (missing values excluded)
 * @param band                     the PSI band
 * @param ks                       two-sample KS statistic (numeric only)
 * @param ksPValue                 its asymptotic p-value (numeric only)
 * @param referenceMissingShare    share of missing values in the reference
 * @param currentMissingShare      share of missing values in the current sample
 * @param missingShareDifference   current - reference missing share
 * @param bins                     the bins behind the PSI
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FeatureDrift(
        String name,
        String type,
        String binning,
        double psi,
        DriftBand band,
        Double ks,
        @JsonProperty("ks_p_value") Double ksPValue,
        double referenceMissingShare,
        double currentMissingShare,
        double missingShareDifference,
        List<Bin> bins) {

    public FeatureDrift {
        bins = List.copyOf(bins);
    }
}
