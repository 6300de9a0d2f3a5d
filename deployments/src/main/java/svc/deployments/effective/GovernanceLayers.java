package svc.deployments.effective;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import svc.config.effective.Layer;
import svc.config.effective.Origin;
import svc.deployments.Deployment;
import svc.deployments.Deployment.ActiveRule;
import svc.library.asset.AssetRef;
import svc.library.template.Branding;
import svc.library.template.DeploymentTemplate;
import svc.library.template.DriftBands;
import svc.library.template.GuardrailCatalog;
import svc.library.template.GuardrailSettings;
import svc.library.template.PermissionRule;
import svc.library.template.Retention;

/**
 * A deployment template and a customer deployment as layers of the resolved configuration.
 *
 * <p>The template layer holds every governance value of the template. The deployment layer holds
 * what the deployment adds or changes: its own permission rules (a rule with a template rule's id
 * replaces it), every value that differs from its template's, its egress hosts, its logo and
 * knowledge bases, and the default profile (its template's name). A value the deployment restates
 * unchanged keeps its template origin: the origin says who decided the value, and a restatement
 * decides nothing.
 *
 * <p>Keys (what the runtime reads; see {@code reference.conf} of core-actors):
 * {@code svc.governance.template}, {@code svc.governance.rules.<id>} (an object: tool_name,
 * behavior, pattern, priority, reason, position), {@code svc.governance.guardrails.G<n>} (on or
 * off, for each id {@link GuardrailCatalog} offers), {@code svc.at-rest.encryption} (G12/G13),
 * {@code svc.governance.guardrails.strict}, {@code svc.governance.guardrails.pii-action},
 * {@code svc.governance.egress-allowlist} (joined), {@code svc.governance.retention.*},
 * {@code svc.governance.drift.*}, {@code svc.governance.default-workflow}, {@code svc.branding.*},
 * {@code svc.deployment.*}.
 */
public final class GovernanceLayers {

    public static final String TEMPLATE = "svc.governance.template";
    public static final String RULES = "svc.governance.rules";
    public static final String GUARDRAILS = "svc.governance.guardrails";
    public static final String EGRESS = "svc.governance.egress-allowlist";
    public static final String DEFAULT_PROFILE = "svc.governance.default-profile";
    public static final String BRANDING = "svc.branding";

    /** The key whose value G12 and G13 switch: the journal's encryption at rest. */
    public static final String AT_REST = "svc.at-rest.encryption";

    /** Guardrail ids a template may name ({@link GuardrailCatalog#offeredIds()}). */
    static final List<String> GUARDRAIL_IDS =
            GuardrailCatalog.offeredIds().stream().map(GuardrailCatalog::name).toList();

    private GovernanceLayers() {}

    /** Every governance value of {@code template}, origin {@code template:<ref>}. */
    public static Layer template(AssetRef ref, DeploymentTemplate template) {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put(TEMPLATE, template.name());
        List<PermissionRule> rules = template.permissionRules();
        for (int i = 0; i < rules.size(); i++) {
            values.put(ruleKey(rules.get(i)), rule(rules.get(i), i));
        }
        values.putAll(common(
                template.guardrails(),
                template.retention(),
                template.drift(),
                template.defaultWorkflow(),
                template.branding()));
        values.put(EGRESS, template.egressAllowlist());
        return Layer.of(Origin.template(ref.toString()), values);
    }

    /** What {@code deployment} adds to or changes in its template, origin {@code deployment:<customer>}. */
    public static Layer deployment(Deployment deployment) {
        DeploymentTemplate template = deployment.template();
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("svc.deployment.name", deployment.customer());
        values.put("svc.deployment.directory", deployment.directory().toString());
        values.put("svc.deployment.template", deployment.templateRef().toString());
        values.put("svc.deployment.config-sha256", deployment.configSha256());
        values.put(DEFAULT_PROFILE, template.name());
        List<ActiveRule> rules = deployment.permissionRules();
        for (int i = 0; i < rules.size(); i++) {
            ActiveRule active = rules.get(i);
            if (active.origin() != Deployment.Origin.TEMPLATE) {
                values.put(ruleKey(active.rule()), rule(active.rule(), i));
            }
        }
        Map<String, Object> before = common(
                template.guardrails(),
                template.retention(),
                template.drift(),
                template.defaultWorkflow(),
                template.branding());
        common(
                        deployment.guardrails(),
                        deployment.retention(),
                        deployment.drift(),
                        deployment.defaultWorkflow(),
                        deployment.branding())
                .forEach((key, value) -> {
                    if (!Objects.equals(before.get(key), value)) {
                        values.put(key, value);
                    }
                });
        List<String> hosts = new ArrayList<>(deployment.egressAllowlist());
        hosts.removeAll(template.egressAllowlist());
        values.put(EGRESS, hosts);
        deployment.logo().ifPresent(logo -> values.put(BRANDING + ".logo", logo.toString()));
        deployment.knowledgeBases().forEach(kb -> {
            values.put("svc.governance.knowledge-bases." + kb.name(), kb.path().toString());
            values.put("svc.governance.knowledge-base-descriptions." + kb.name(), kb.description());
        });
        return Layer.of(Origin.deployment(deployment.customer()), values);
    }

    private static Map<String, Object> common(
            GuardrailSettings guardrails,
            Retention retention,
            Optional<DriftBands> drift,
            AssetRef workflow,
            Branding branding) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (String id : GUARDRAIL_IDS) {
            values.put(GUARDRAILS + "." + id, guardrails.isOn(id));
        }
        // G12/G13 (on together, the loader and checker see to it) are the server's at-rest encryption.
        values.put(AT_REST, guardrails.isOn("G13") ? "on" : "off");
        values.put(GUARDRAILS + ".strict", guardrails.strict());
        values.put(GUARDRAILS + ".pii-action", guardrails.piiAction().id());
        values.put("svc.governance.retention.conversations-days", retention.conversationsDays());
        values.put("svc.governance.retention.run-events-days", retention.runEventsDays());
        values.put("svc.governance.retention.audit-pdfs-days", retention.auditPdfsDays());
        values.put("svc.governance.retention.shadow-predictions-days", retention.shadowPredictionsDays());
        drift.ifPresent(d -> {
            values.put("svc.governance.drift.watch-psi", d.watchPsi());
            values.put("svc.governance.drift.block-psi", d.blockPsi());
        });
        values.put("svc.governance.default-workflow", workflow.toString());
        values.put(BRANDING + ".product-name", branding.productName());
        values.put(BRANDING + ".subtitle", branding.subtitle());
        values.put(BRANDING + ".tagline", branding.tagline());
        if (branding.colors() != null) {
            values.put(BRANDING + ".colors.primary", branding.colors().primary());
            values.put(BRANDING + ".colors.accent", branding.colors().accent());
            values.put(BRANDING + ".colors.background", branding.colors().background());
        }
        values.put(BRANDING + ".badges", branding.badges());
        return values;
    }

    static String ruleKey(PermissionRule rule) {
        return RULES + "." + rule.id();
    }

    /** A rule as a plain object; {@code position} keeps the table order (equal priorities: first wins). */
    private static Map<String, Object> rule(PermissionRule rule, int position) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("tool_name", rule.toolName());
        r.put("behavior", rule.behavior().id());
        rule.pattern().ifPresent(p -> r.put("pattern", p.pattern()));
        r.put("priority", rule.priority());
        r.put("reason", rule.reason());
        r.put("position", position);
        return r;
    }
}
