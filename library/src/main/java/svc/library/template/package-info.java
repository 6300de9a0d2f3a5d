/**
 * Deployment templates: the defaults a customer deployment starts from ({@code generic_ml},
 * {@code bfsi_baseline}, {@code hipaa_baseline}, assets {@code template/<name>@v1.0.0}).
 *
 * <p>A template carries branding defaults, the default workflow reference, profile
 * {@link svc.library.template.PermissionRule permission rules} (the spec places template DENY
 * rules at priority 60, which the invariant-deny pass lets beat any ALLOW, and ASK rules at 45),
 * {@link svc.library.template.ComplianceGate compliance gates}, guardrail settings, retention
 * periods, PSI drift bands and, for HIPAA, the 18 Safe-Harbor identifier categories as data for
 * the PII pack. This package only describes and validates; the governance module enforces.
 *
 * <p>Egress under HIPAA: the template denies {@code http_get} and ships an empty
 * {@code egress_allowlist}. A deployment that must reach a host lists it there and replaces the
 * deny rule with one whose {@code pattern} excludes that host.
 */
package svc.library.template;
