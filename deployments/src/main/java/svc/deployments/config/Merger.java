package svc.deployments.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import svc.deployments.Deployment;
import svc.deployments.Deployment.ActiveRule;
import svc.deployments.Deployment.KnowledgeBase;
import svc.deployments.Deployment.Origin;
import svc.deployments.config.DeploymentSpec.BrandingSpec;
import svc.deployments.config.DeploymentSpec.GuardrailsSpec;
import svc.deployments.config.DeploymentSpec.RetentionSpec;
import svc.deployments.config.DeploymentSpec.RuleSpec;
import svc.library.asset.AssetRef;
import svc.library.template.Behavior;
import svc.library.template.Branding;
import svc.library.template.DeploymentTemplate;
import svc.library.template.DriftBands;
import svc.library.template.GuardrailSettings;
import svc.library.template.PermissionRule;
import svc.library.template.PiiAction;
import svc.library.template.Retention;

/**
 * Lays a checked deployment's overrides over its template. Only called once
 * {@link DeploymentChecker} found no error, so values are known to be well-formed here.
 *
 * <p>Merge rules: a set field replaces the template's, an absent one keeps it; customer rules
 * with a template rule's id take its place (so the table keeps the template's order), other
 * customer rules follow; guardrails are the template's set plus {@code enable} minus
 * {@code disable}; the egress allowlist is the template's hosts and the customer's; drift bands and
 * the default workflow replace the template's.
 */
public final class Merger {

    private Merger() {}

    public static Deployment merge(
            DeploymentReader.Parsed parsed, Path directory, DeploymentChecker.Resolved resolved) {
        DeploymentSpec spec = parsed.spec();
        DeploymentTemplate template = resolved.template();
        BrandingSpec b = spec.branding();
        List<KnowledgeBase> knowledge = spec.knowledgeBases().stream()
                .map(kb -> new KnowledgeBase(
                        kb.name(),
                        directory.resolve(kb.path()).normalize(),
                        kb.description() == null ? "" : kb.description().strip()))
                .toList();
        List<AssetRef> refs = resolved.activated().values().stream()
                .sorted(Comparator.comparing(AssetRef::toString))
                .toList();
        return new Deployment(
                spec.customer(),
                directory,
                resolved.templateRef(),
                template,
                branding(template.branding(), b),
                Optional.ofNullable(b.logo()).map(l -> directory.resolve(l).normalize()),
                knowledge,
                rules(template, spec.permissions().rules()),
                template.complianceGates(),
                guardrails(template.guardrails(), spec.guardrails()),
                retention(template.retention(), spec.retention()),
                spec.drift() == null
                        ? template.drift()
                        : Optional.of(new DriftBands(
                                spec.drift().watchPsi(), spec.drift().blockPsi())),
                resolved.defaultWorkflow(),
                refs,
                parsed.sha256(),
                egress(template.egressAllowlist(), spec.egressAllowlist()));
    }

    private static Branding branding(Branding t, BrandingSpec o) {
        Branding.Colors colors = t.colors();
        if (o.colors() != null) {
            colors = new Branding.Colors(
                    or(o.colors().primary(), colors.primary()),
                    or(o.colors().accent(), colors.accent()),
                    or(o.colors().background(), colors.background()));
        }
        return new Branding(
                or(o.productName(), t.productName()),
                or(o.subtitle(), t.subtitle()),
                or(o.tagline(), t.tagline()),
                colors,
                o.badges() != null ? o.badges() : t.badges());
    }

    private static List<ActiveRule> rules(DeploymentTemplate template, List<RuleSpec> overrides) {
        Map<String, PermissionRule> byId = new LinkedHashMap<>();
        overrides.forEach(r -> byId.put(r.id(), toRule(r)));
        List<ActiveRule> rules = new ArrayList<>();
        for (PermissionRule t : template.permissionRules()) {
            PermissionRule replacement = byId.remove(t.id());
            rules.add(
                    replacement == null
                            ? new ActiveRule(t, Origin.TEMPLATE)
                            : new ActiveRule(replacement, Origin.CUSTOMER_REPLACES_TEMPLATE));
        }
        byId.values().forEach(r -> rules.add(new ActiveRule(r, Origin.CUSTOMER)));
        return rules;
    }

    private static PermissionRule toRule(RuleSpec r) {
        return new PermissionRule(
                r.id(),
                r.toolName(),
                Behavior.fromId(r.behavior()).orElseThrow(),
                Optional.ofNullable(r.pattern()).map(Pattern::compile),
                r.priority(),
                r.reason() == null ? "" : r.reason().strip());
    }

    private static GuardrailSettings guardrails(GuardrailSettings t, GuardrailsSpec o) {
        Set<String> enabled = new LinkedHashSet<>(t.enabled());
        enabled.addAll(o.enable());
        o.disable().forEach(enabled::remove);
        boolean strict = o.strict() != null ? o.strict() : t.strict();
        PiiAction action =
                o.piiAction() != null ? PiiAction.fromId(o.piiAction()).orElseThrow() : t.piiAction();
        return new GuardrailSettings(enabled, strict, action);
    }

    private static Retention retention(Retention t, RetentionSpec o) {
        return new Retention(
                or(o.conversationsDays(), t.conversationsDays()),
                or(o.runEventsDays(), t.runEventsDays()),
                or(o.auditPdfsDays(), t.auditPdfsDays()),
                or(o.shadowPredictionsDays(), t.shadowPredictionsDays()));
    }

    private static List<String> egress(List<String> template, List<String> customer) {
        Set<String> hosts = new LinkedHashSet<>(template);
        customer.forEach(h -> hosts.add(h.strip()));
        return List.copyOf(hosts);
    }

    private static <T> T or(T override, T fallback) {
        return override != null ? override : fallback;
    }
}
