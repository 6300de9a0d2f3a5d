/**
 * The deployment whitepaper: a five-section Markdown document (deployment summary, active
 * guardrails, compliance mapping, verification commands, residual risks) written from a
 * deployment's effective settings, so a customer's reviewer reads what is enforced rather than
 * what a brochure promises. {@link svc.deployments.whitepaper.Whitepaper} renders it.
 */
package svc.deployments.whitepaper;
