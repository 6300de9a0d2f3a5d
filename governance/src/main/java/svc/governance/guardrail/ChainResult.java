package svc.governance.guardrail;

import java.util.List;
import java.util.Optional;

/**
 * What a chain decided. {@code outcome} is DENY if a guardrail denied (the chain stopped there),
 * else REDACT if any guardrail rewrote the payload, else ALLOW; it is never ERROR because errors
 * either failed open or became a DENY. {@code payload} is the payload after every redaction; on
 * DENY it is the payload as the denying guardrail saw it, and must not be used.
 */
public record ChainResult(IntegrationPoint point, Outcome outcome, Payload payload, List<GuardrailVerdict> verdicts) {

    public ChainResult {
        verdicts = List.copyOf(verdicts);
    }

    public boolean denied() {
        return outcome == Outcome.DENY;
    }

    /** The verdict that stopped the chain, if any. */
    public Optional<GuardrailVerdict> denial() {
        return verdicts.stream().filter(v -> v.effective() == Outcome.DENY).findFirst();
    }

    /** Whether some guardrail errored and the chain went on without it. */
    public boolean failedOpen() {
        return verdicts.stream().anyMatch(v -> v.effective() == Outcome.ERROR);
    }
}
