package svc.ml.drift;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.io.UncheckedIOException;
import java.util.List;
import svc.config.Json;

/**
 * The {@code drift.json} artefact.
 *
 * @param features       per-feature drift, in input order (numeric first, then categorical)
 * @param maxPsi         the largest feature PSI
 * @param maxPsiFeature  the feature with it
 * @param band           the band of {@code maxPsi}: the run's drift verdict
 * @param thresholds     band limits and floor used
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DriftReport(
        List<FeatureDrift> features, double maxPsi, String maxPsiFeature, DriftBand band, DriftThresholds thresholds) {

    public DriftReport {
        features = List.copyOf(features);
    }

    /** The BFSI drift gate: passes unless the maximum PSI is above the significant limit. */
    public boolean gatePassed() {
        return band != DriftBand.SIGNIFICANT;
    }

    /** One feature's drift; throws naming the known features when absent. */
    public FeatureDrift feature(String name) {
        return features.stream()
                .filter(f -> f.name().equals(name))
                .findFirst()
                .orElseThrow(
                        () -> new IllegalArgumentException("no drift figures for feature '" + name + "'; compared: "
                                + features.stream().map(FeatureDrift::name).toList()));
    }

    public String toJson() {
        try {
            return Json.pretty().writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static DriftReport fromJson(String json) {
        try {
            return Json.MAPPER.readValue(json, DriftReport.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("drift.json does not parse: " + e.getOriginalMessage(), e);
        }
    }
}
