package svc.deployments.whitepaper;

import java.util.Arrays;
import java.util.Optional;

/**
 * The guardrails the runtime applies, with the one-line effect the whitepaper states for each
 * (which of them a deployment may switch: {@code GuardrailCatalog}; G8, G9 and G17 are not
 * offered, so they have no row).
 */
enum Guardrail {
    G1(
            "egress allowlist",
            "URLs in tool arguments must match the egress allowlist; private, loopback and link-local addresses are "
                    + "always refused"),
    G2("Python sandbox", "agent Python runs under memory, CPU-time, network and path limits"),
    G3("prompt-injection filter", "prompts carrying injection patterns are blocked before the model sees them"),
    G4("PII guardrail", "personal data in model output, tool results and stored data is handled by the PII action"),
    G5("conversation scrubber", "stored conversation files are scrubbed of PII when written to disk"),
    G6("log credential filter", "secrets and high-entropy tokens in log lines are replaced by a hash tag"),
    G7("per-user rate limit", "API requests are rate-limited per user"),
    G10("delegation-loop limit", "agent delegation is cut at depth 5 and 50 delegations per run"),
    G11("audit PDF signing", "the audit PDF is signed and a receipt is stored next to it"),
    G12("payload encryption", "sensitive payloads are sealed with AES-GCM-256 under a customer-held key"),
    G13(
            "encryption at rest",
            "journal events, run files and the read side's free-text columns are sealed under the customer's key"),
    G14("lineage", "dataset, model and deployment lineage is recorded for the audit trail"),
    G15("subject erasure", "data subjects can be erased with a signed receipt"),
    G16("approval time limits", "approval gates escalate and expire on their time limits");

    private final String title;
    private final String effect;

    Guardrail(String title, String effect) {
        this.title = title;
        this.effect = effect;
    }

    String title() {
        return title;
    }

    String effect() {
        return effect;
    }

    static Optional<Guardrail> of(String id) {
        return Arrays.stream(values()).filter(g -> g.name().equals(id)).findFirst();
    }
}
