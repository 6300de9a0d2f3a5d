/**
 * The deployment in force: a deployment template and a customer deployment turned into layers of
 * the server's one resolved configuration ({@link svc.config.effective.EffectiveConfig}), with
 * the keys the runtime reads (permission rules, guardrails, egress allowlist, branding,
 * retention, drift bands).
 */
package svc.deployments.effective;
