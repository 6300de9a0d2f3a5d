/**
 * The guardrails runtime: a {@link svc.governance.guardrail.Guardrail} judges one payload at one
 * {@link svc.governance.guardrail.IntegrationPoint}, and a {@link svc.governance.guardrail.GuardrailChain}
 * runs every guardrail of a point in priority order, threads redactions from one to the next, stops
 * on the first DENY and turns failures into fail-open ERRORs (or DENYs for invariant guardrails).
 *
 * <p>Pure Java: metrics leave through {@link svc.governance.guardrail.GuardrailListener} so the
 * HTTP layer can feed Prometheus without this module knowing about it.
 */
package svc.governance.guardrail;
