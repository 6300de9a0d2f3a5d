package svc.governance.guardrail;

/** What one guardrail decided about a payload. */
public enum Outcome {
    /** Nothing to object to; the chain continues with the same payload. */
    ALLOW,
    /** The payload was rewritten; the chain continues with the rewritten payload. */
    REDACT,
    /** The payload must not pass; the chain stops here. */
    DENY,
    /**
     * The guardrail could not decide (it threw, or said so). The chain fails open and continues,
     * unless the guardrail is invariant, in which case the chain turns the error into a DENY.
     */
    ERROR
}
