package svc.deployments;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import svc.library.asset.AssetRef;
import svc.library.template.Branding;
import svc.library.template.ComplianceGate;
import svc.library.template.DeploymentTemplate;
import svc.library.template.DriftBands;
import svc.library.template.GuardrailSettings;
import svc.library.template.PermissionRule;
import svc.library.template.Retention;

/**
 * The effective deployment: the template with the customer's overrides applied, what the
 * whitepaper and the ship manifest describe. When {@code SVC_DEPLOYMENT} names the directory,
 * {@code svc server} puts in force, for runs under its template's profile, its permission rules,
 * its G1/G3/G4/G5 switches, its PII action, its drift bands (drift reports, the drift gate, the
 * live drift watch) and its default workflow; and for the server its G7 switch (rate limits), its
 * G12/G13 switch (encryption at rest), egress allowlist, branding, retention days and knowledge
 * bases ({@code search_knowledge}, {@code /api/v1/knowledge}); see
 * {@link svc.deployments.effective.GovernanceLayers}. The other guardrails are always on and the
 * checker refuses a deployment that disables one ({@code GuardrailCatalog}).
 *
 * @param directory        the deployment directory, absolute
 * @param templateRef      the pinned template the deployment starts from
 * @param template         that template as loaded, before overrides (kept so that readers can
 *                         show what the customer changed)
 * @param branding         template branding with the customer's fields laid over it
 * @param logo             the customer's logo file, when one is configured
 * @param permissionRules  the template's rules, customer rules of the same id in their place,
 *                         then the customer's new rules; each with where it came from
 * @param libraryRefs      every library asset the deployment activates (template, its default
 *                         workflow, the customer's list), sorted by reference text
 * @param configSha256     SHA-256 of {@code deployment.yaml} as stored, lower-case hex
 * @param egressAllowlist  the template's egress hosts, then the customer's (joined at server
 *                         start with {@code SVC_EGRESS_ALLOWLIST})
 */
public record Deployment(
        String customer,
        Path directory,
        AssetRef templateRef,
        DeploymentTemplate template,
        Branding branding,
        Optional<Path> logo,
        List<KnowledgeBase> knowledgeBases,
        List<ActiveRule> permissionRules,
        List<ComplianceGate> complianceGates,
        GuardrailSettings guardrails,
        Retention retention,
        Optional<DriftBands> drift,
        AssetRef defaultWorkflow,
        List<AssetRef> libraryRefs,
        String configSha256,
        List<String> egressAllowlist) {

    public Deployment {
        egressAllowlist = List.copyOf(egressAllowlist);
        knowledgeBases = List.copyOf(knowledgeBases);
        permissionRules = List.copyOf(permissionRules);
        complianceGates = List.copyOf(complianceGates);
        libraryRefs = List.copyOf(libraryRefs);
    }

    /** The effective permission rules without their origin, in evaluation-table order. */
    public List<PermissionRule> rules() {
        return permissionRules.stream().map(ActiveRule::rule).toList();
    }

    /**
     * A document collection the agents may consult.
     *
     * @param path absolute path inside the deployment directory (a file or a folder)
     */
    public record KnowledgeBase(String name, Path path, String description) {}

    /** A permission rule in force and where it came from. */
    public record ActiveRule(PermissionRule rule, Origin origin) {}

    public enum Origin {
        /** The template's rule, unchanged. */
        TEMPLATE,
        /** A customer rule with the id of a template rule, in its place. */
        CUSTOMER_REPLACES_TEMPLATE,
        /** A rule only the customer has. */
        CUSTOMER;

        public String label() {
            return switch (this) {
                case TEMPLATE -> "template";
                case CUSTOMER_REPLACES_TEMPLATE -> "customer (replaces template rule)";
                case CUSTOMER -> "customer";
            };
        }
    }
}
