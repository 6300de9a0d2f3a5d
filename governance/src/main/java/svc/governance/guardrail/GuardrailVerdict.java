package svc.governance.guardrail;

/**
 * A verdict as the chain recorded it: which guardrail, what it said, and what counted. They differ
 * only for errors: {@code reported} ERROR from an invariant guardrail has {@code effective} DENY.
 */
public record GuardrailVerdict(
        String id,
        String name,
        Outcome reported,
        Outcome effective,
        Severity severity,
        String reason,
        boolean bypassAttempt,
        long nanos) {}
