package svc.governance.pii;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import svc.governance.guardrail.Guardrail;
import svc.governance.guardrail.GuardrailContext;
import svc.governance.guardrail.IntegrationPoint;
import svc.governance.guardrail.Payload;
import svc.governance.guardrail.Severity;
import svc.governance.guardrail.Verdict;

/**
 * G4: redacts PII in model answers, tool results and storage writes (priority 60). It never denies:
 * the content stays useful with the entities replaced. The reason lists counts per type, never the
 * values themselves, so the audit trail does not become a copy of the PII.
 */
public final class PiiGuardrail implements Guardrail {

    public static final int PRIORITY = 60;
    private static final Set<IntegrationPoint> POINTS =
            EnumSet.of(IntegrationPoint.POST_LLM, IntegrationPoint.POST_TOOL, IntegrationPoint.STORAGE_WRITE);

    private final PiiRedactor redactor;
    private final boolean invariant;

    public PiiGuardrail(PiiRedactor redactor, boolean invariant) {
        this.redactor = Objects.requireNonNull(redactor, "redactor");
        this.invariant = invariant;
    }

    public static PiiGuardrail defaults() {
        return new PiiGuardrail(PiiRedactor.defaults(), false);
    }

    /** With the HIPAA Safe Harbor pack ({@link PiiDetector#safeHarbor()}), every type handled by {@code action}. */
    public static PiiGuardrail safeHarbor(PiiAction action, boolean invariant) {
        return new PiiGuardrail(new PiiRedactor(PiiDetector.safeHarbor(), Map.of(), action), invariant);
    }

    @Override
    public String id() {
        return "G4";
    }

    @Override
    public String name() {
        return "pii";
    }

    @Override
    public Set<IntegrationPoint> points() {
        return POINTS;
    }

    @Override
    public int priority() {
        return PRIORITY;
    }

    @Override
    public boolean invariant() {
        return invariant;
    }

    @Override
    public Verdict evaluate(GuardrailContext context, Payload payload) {
        List<PiiEntity> found = new ArrayList<>();
        Payload redacted = redactPayload(payload, found);
        if (found.isEmpty()) {
            return Verdict.allow("no PII found");
        }
        return Verdict.redact(
                redacted,
                Severity.MEDIUM,
                "redacted " + found.size() + " PII " + (found.size() == 1 ? "entity" : "entities") + ": "
                        + countsByType(found));
    }

    private Payload redactPayload(Payload payload, List<PiiEntity> found) {
        if (payload instanceof Payload.Text) {
            PiiRedactor.Redaction r = redactor.redact(((Payload.Text) payload).text());
            found.addAll(r.entities());
            return new Payload.Text(r.text());
        }
        if (payload instanceof Payload.Json) {
            JsonNode node = ((Payload.Json) payload).node();
            return new Payload.Json(JsonStrings.map(node, s -> {
                PiiRedactor.Redaction r = redactor.redact(s);
                found.addAll(r.entities());
                return r.text();
            }));
        }
        List<Payload.Message> out = new ArrayList<>();
        for (Payload.Message m : ((Payload.Messages) payload).messages()) {
            PiiRedactor.Redaction r = redactor.redact(m.content());
            found.addAll(r.entities());
            out.add(new Payload.Message(m.role(), r.text()));
        }
        return new Payload.Messages(out);
    }

    private String countsByType(List<PiiEntity> found) {
        Map<PiiType, Integer> counts = new TreeMap<>();
        for (PiiEntity e : found) {
            counts.merge(e.type(), 1, Integer::sum);
        }
        StringBuilder b = new StringBuilder();
        counts.forEach((type, n) -> b.append(b.length() == 0 ? "" : ", ")
                .append(type)
                .append(" x")
                .append(n)
                .append(" (")
                .append(redactor.actionFor(type).name().toLowerCase(Locale.ROOT))
                .append(')'));
        return b.toString();
    }
}
