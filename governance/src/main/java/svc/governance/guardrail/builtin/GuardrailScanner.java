package svc.governance.guardrail.builtin;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import svc.governance.guardrail.ChainResult;
import svc.governance.guardrail.Guardrail;
import svc.governance.guardrail.GuardrailChain;
import svc.governance.guardrail.GuardrailContext;
import svc.governance.guardrail.IntegrationPoint;
import svc.governance.guardrail.Payload;
import svc.governance.pii.PiiDetector;

/**
 * Runs a text through the chain of one integration point, outside any run: the engine of
 * {@code svc guardrails scan [--point POST_TOOL]}. Thread-safe.
 */
public final class GuardrailScanner {

    private final Map<IntegrationPoint, GuardrailChain> chains = new EnumMap<>(IntegrationPoint.class);
    private final PiiDetector detector;

    public GuardrailScanner(List<? extends Guardrail> guardrails, PiiDetector detector) {
        for (IntegrationPoint p : IntegrationPoint.values()) {
            chains.put(p, GuardrailChain.forPoint(p, guardrails));
        }
        this.detector = Objects.requireNonNull(detector, "detector");
    }

    /** The built-in guardrails; {@code egressAllowlist} as in {@code SVC_EGRESS_ALLOWLIST} (null: unset). */
    public static GuardrailScanner defaults(String egressAllowlist) {
        return new GuardrailScanner(BuiltinGuardrails.create(egressAllowlist), PiiDetector.defaults());
    }

    public ScanReport scan(String text, IntegrationPoint point) {
        Objects.requireNonNull(text, "text");
        ChainResult result = chains.get(point).run(GuardrailContext.at(point), Payload.text(text));
        String after = !result.denied() && result.payload() instanceof Payload.Text
                ? ((Payload.Text) result.payload()).text()
                : text;
        return new ScanReport(
                point,
                result.outcome(),
                after,
                result.verdicts().stream()
                        .map(v -> new ScanReport.GuardrailOutcome(
                                v.id(), v.name(), v.effective(), v.reported(), v.severity(), v.reason()))
                        .toList(),
                detector.detect(text).stream()
                        .map(e -> new ScanReport.Entity(e.type(), e.start(), e.end(), e.confidence()))
                        .toList());
    }
}
