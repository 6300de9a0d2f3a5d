package svc.ml.fairness;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.io.UncheckedIOException;
import java.util.List;
import svc.config.Json;

/**
 * The fairness audit of one model's decisions: the {@code fairness.json} artefact.
 *
 * @param decisionThreshold               score threshold that turned scores into decisions
 * @param gateThreshold                   the BFSI gate: a parity difference above it fails
 * @param gatePassed                      true when every attribute is within the gate
 * @param maxDemographicParityDifference  the largest parity difference over attributes
 * @param worstAttribute                  the attribute with that difference
 * @param attributes                      per-attribute figures
 * @param mitigation                      the mitigation applied, or null
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FairnessReport(
        double decisionThreshold,
        double gateThreshold,
        boolean gatePassed,
        double maxDemographicParityDifference,
        String worstAttribute,
        List<AttributeFairness> attributes,
        Mitigation mitigation) {

    public FairnessReport {
        attributes = List.copyOf(attributes);
    }

    /** The same audit with a mitigation block attached. */
    public FairnessReport withMitigation(Mitigation applied) {
        return new FairnessReport(
                decisionThreshold,
                gateThreshold,
                gatePassed,
                maxDemographicParityDifference,
                worstAttribute,
                attributes,
                applied);
    }

    /** The figures of one attribute; throws naming the known attributes when absent. */
    public AttributeFairness attribute(String name) {
        return attributes.stream()
                .filter(a -> a.attribute().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no fairness figures for attribute '"
                        + name
                        + "'; audited: "
                        + attributes.stream().map(AttributeFairness::attribute).toList()));
    }

    /** {@code fairness.json} text. */
    public String toJson() {
        try {
            return Json.pretty().writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads {@code fairness.json} text back. */
    public static FairnessReport fromJson(String json) {
        try {
            return Json.MAPPER.readValue(json, FairnessReport.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("fairness.json does not parse: " + e.getOriginalMessage(), e);
        }
    }
}
