/** Governance in the agent loop: permissions, compliance gates and guardrails around every step. */
package svc.core.governance;
