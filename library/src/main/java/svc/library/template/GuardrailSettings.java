package svc.library.template;

import java.util.Set;

/**
 * Which guardrails a template turns on.
 *
 * @param enabled   guardrail ids of {@link GuardrailCatalog} that are on (every always-on one included)
 * @param strict    whether a guardrail whose driver is unavailable aborts boot instead of
 *                  degrading with a warning
 * @param piiAction what G4 does with detected PII
 */
public record GuardrailSettings(Set<String> enabled, boolean strict, PiiAction piiAction) {

    public GuardrailSettings {
        enabled = Set.copyOf(enabled);
    }

    public boolean isOn(String guardrailId) {
        return enabled.contains(guardrailId);
    }
}
