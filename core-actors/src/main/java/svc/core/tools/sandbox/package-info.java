/**
 * The sandboxed tools: {@code execute_python} and {@code execute_shell} run in the G2 sandbox
 * ({@code svc.governance.sandbox}) with the run's directory as the only readable path, and
 * {@code http_get} fetches one text page, checking every redirect target against the egress
 * allowlist (G1) again. The permission engine and the guardrails have judged each call before it
 * reaches these tools.
 */
package svc.core.tools.sandbox;
