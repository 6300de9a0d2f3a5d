/**
 * Compliance gates: a {@link svc.governance.compliance.ComplianceGate} blocks a tool when its
 * {@code deny_if} expression holds over the latest result of another tool (fairness audit, drift
 * report). {@link svc.governance.compliance.Expression} is a small closed language parsed by our
 * own recursive-descent parser: no script engine, no reflection, nothing but JSON values.
 *
 * <p>Decisions: a gate is evaluated whenever its {@code blocks_tool} is requested; it fails closed
 * (blocks, reason "cannot evaluate ...") when its evidence tool has not run or the expression
 * cannot be evaluated (a placeholder that does not resolve, a wrong type, division by zero). The
 * permission package turns a blocking verdict into a DENY at priority 55 with source
 * {@code compliance_gate}, which no ALLOW lifts.
 */
package svc.governance.compliance;
