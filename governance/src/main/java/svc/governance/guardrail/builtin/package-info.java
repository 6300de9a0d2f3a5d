/**
 * The built-in text guardrails wired together (G1 egress, G3 prompt injection, G4 PII) and the
 * scanner behind {@code svc guardrails scan}. Kept apart from the runtime package so the runtime
 * knows no concrete guardrail.
 */
package svc.governance.guardrail.builtin;
