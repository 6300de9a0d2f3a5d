package svc.governance.guardrail.builtin;

import java.util.List;
import svc.governance.egress.EgressGuardrail;
import svc.governance.guardrail.Guardrail;
import svc.governance.injection.InjectionDetector;
import svc.governance.injection.PromptInjectionGuardrail;
import svc.governance.pii.PiiGuardrail;

/** The chain-able guardrails of this module with their default settings. */
public final class BuiltinGuardrails {

    private BuiltinGuardrails() {}

    /**
     * G1 (PRE_TOOL, 80, invariant), G3 (PRE_LLM, 70; patterns OR the learned model), G4
     * (POST_LLM/POST_TOOL/STORAGE_WRITE, 60; the twelve default PII types).
     * @param egressAllowlist the value of {@code SVC_EGRESS_ALLOWLIST}; null or blank leaves G1 a no-op
     */
    public static List<Guardrail> create(String egressAllowlist) {
        return create(egressAllowlist, true);
    }

    /**
     * As {@link #create(String)}; {@code learnedInjectionSignal} false leaves G3 with the spec's
     * patterns only.
     */
    public static List<Guardrail> create(String egressAllowlist, boolean learnedInjectionSignal) {
        return List.of(
                EgressGuardrail.fromAllowlist(egressAllowlist),
                learnedInjectionSignal
                        ? PromptInjectionGuardrail.defaults()
                        : new PromptInjectionGuardrail(InjectionDetector.patternsOnly(), false, false),
                PiiGuardrail.defaults());
    }
}
