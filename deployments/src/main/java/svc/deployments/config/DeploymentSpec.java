package svc.deployments.config;

import java.util.List;

/**
 * {@code deployment.yaml} as written, before validation. Every section but {@code customer} and
 * {@code template} is optional; an absent field keeps the template's value.
 *
 * @param customer       must equal the directory name
 * @param template       pinned template reference, {@code template/<name>@vX.Y.Z}
 * @param branding       overrides of the template's branding
 * @param knowledgeBases documents the agents may consult, paths relative to the deployment directory
 * @param permissions    rules added to the template's profile rules (same id: replaces it)
 * @param guardrails     guardrails switched on or off, strictness and the PII action
 * @param retention      per-class retention days
 * @param library        further library assets this deployment activates, each pinned
 * @param egressAllowlist hosts tools and notifications may reach beyond the template's, joined at
 *                        server start with {@code SVC_EGRESS_ALLOWLIST}
 * @param drift          PSI bands replacing the template's ({@code watch_psi}, {@code block_psi})
 * @param defaultWorkflow the workflow a run walks when its request names none, replacing the
 *                        template's, pinned {@code workflow/<name>@vX.Y.Z}
 */
public record DeploymentSpec(
        String customer,
        String template,
        BrandingSpec branding,
        List<KnowledgeBaseSpec> knowledgeBases,
        PermissionsSpec permissions,
        GuardrailsSpec guardrails,
        RetentionSpec retention,
        List<String> library,
        List<String> egressAllowlist,
        DriftSpec drift,
        String defaultWorkflow) {

    public DeploymentSpec {
        knowledgeBases = knowledgeBases == null ? List.of() : knowledgeBases;
        library = library == null ? List.of() : library;
        egressAllowlist = egressAllowlist == null ? List.of() : egressAllowlist;
        branding = branding == null ? new BrandingSpec(null, null, null, null, null, null) : branding;
        permissions = permissions == null ? new PermissionsSpec(null) : permissions;
        guardrails = guardrails == null ? new GuardrailsSpec(null, null, null, null) : guardrails;
        retention = retention == null ? new RetentionSpec(null, null, null, null) : retention;
    }

    /** @param logo an image inside the deployment directory, e.g. {@code branding/logo.svg} */
    public record BrandingSpec(
            String productName, String subtitle, String tagline, String logo, ColorsSpec colors, List<String> badges) {}

    public record ColorsSpec(String primary, String accent, String background) {}

    public record KnowledgeBaseSpec(String name, String path, String description) {}

    public record PermissionsSpec(List<RuleSpec> rules) {

        public PermissionsSpec {
            rules = rules == null ? List.of() : rules;
        }
    }

    public record RuleSpec(
            String id, String toolName, String behavior, String pattern, Integer priority, String reason) {}

    /** @param enable guardrails to turn on beyond the template's; @param disable ones to turn off */
    public record GuardrailsSpec(List<String> enable, List<String> disable, Boolean strict, String piiAction) {

        public GuardrailsSpec {
            enable = enable == null ? List.of() : enable;
            disable = disable == null ? List.of() : disable;
        }
    }

    /** Both limits are needed: {@code 0 < watch_psi <= block_psi}. */
    public record DriftSpec(Double watchPsi, Double blockPsi) {}

    public record RetentionSpec(
            Integer conversationsDays, Integer runEventsDays, Integer auditPdfsDays, Integer shadowPredictionsDays) {}
}
