/**
 * Per-customer deployments: a directory {@code deployments/customers/<customer>/} that picks a
 * library template and overrides branding, knowledge bases, permission rules, guardrails,
 * retention and library references (layout in {@link svc.deployments.DeploymentLayout}, field
 * reference in {@code deployments/README.md}).
 *
 * <p>{@link svc.deployments.Deployments#load} gives the server the effective
 * {@link svc.deployments.Deployment} for {@code SVC_DEPLOYMENT}; the sub-packages hold the
 * reader and reviewer ({@code config}), {@code deploy new} ({@code scaffold}), {@code deploy ship}
 * ({@code ship}) and the whitepaper ({@code whitepaper}).
 */
package svc.deployments;
