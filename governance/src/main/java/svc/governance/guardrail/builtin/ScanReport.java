package svc.governance.guardrail.builtin;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;
import svc.governance.guardrail.IntegrationPoint;
import svc.governance.guardrail.Outcome;
import svc.governance.guardrail.Severity;
import svc.governance.pii.PiiType;

/**
 * What {@code svc guardrails scan} prints. {@code redactedText} is the text after the chain of
 * {@code point} (the input itself if nothing redacted it, or if the chain denied);
 * {@code piiEntities} lists every PII entity of the input whatever the point, offsets into the input.
 * Serializes with snake_case keys.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ScanReport(
        IntegrationPoint point,
        Outcome outcome,
        String redactedText,
        List<GuardrailOutcome> guardrails,
        List<Entity> piiEntities) {

    public ScanReport {
        guardrails = List.copyOf(guardrails);
        piiEntities = List.copyOf(piiEntities);
    }

    /** One guardrail's verdict: {@code outcome} is what counted, {@code reportedOutcome} what it said. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record GuardrailOutcome(
            String id, String name, Outcome outcome, Outcome reportedOutcome, Severity severity, String reason) {}

    /** A PII entity without its text (the caller has the input). */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Entity(PiiType type, int start, int end, double confidence) {}
}
