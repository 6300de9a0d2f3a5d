package svc.governance.guardrail;

import java.util.Set;

/**
 * One safety check. Implementations are pure and thread-safe: the same instance judges payloads
 * of every agent concurrently. They may throw; the chain turns that into ERROR (or DENY if
 * {@link #invariant()}).
 */
public interface Guardrail {

    /** Stable id from the spec's table, e.g. {@code G4}. */
    String id();

    /** Metric label and log name, e.g. {@code pii}. */
    String name();

    /** The integration points this guardrail runs at. */
    Set<IntegrationPoint> points();

    /** Higher runs first. */
    int priority();

    /** An invariant guardrail fails closed: its errors become DENY instead of failing open. */
    boolean invariant();

    Verdict evaluate(GuardrailContext context, Payload payload);
}
