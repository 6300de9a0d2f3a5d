package svc.core.governance;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigObject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import svc.governance.permission.Behavior;
import svc.governance.permission.PermissionRequest;
import svc.governance.permission.PermissionRule;
import svc.governance.permission.RuleProvider;
import svc.governance.permission.RuleSource;
import svc.governance.pii.PiiAction;

/**
 * The governance of the deployment in force, from {@code svc.governance} (filled by
 * {@code svc server} from the resolved configuration: template &lt; deployment &lt; environment).
 *
 * @param template           the template whose profile {@code rules} and {@code disabledGuardrails}
 *                           replace; empty when nothing was resolved (each profile then runs on
 *                           its built-in template, unchanged)
 * @param rules              that profile's rules in table order: the template's with the
 *                           deployment's in place or added, each at the priority the deployment
 *                           checker admitted, all of source {@code profile}
 * @param disabledGuardrails guardrail ids switched off for that profile: G1, G3 and G4 (chained
 *                           around each call) and G5 (the conversation-file scrubber) are read
 *                           here; G7 by the API's rate limits, G12/G13 as svc.at-rest.encryption;
 *                           the others cannot be off ({@code GuardrailCatalog}, refused at start)
 * @param egressAllowlist    the joined allowlist (template, deployment, {@code SVC_EGRESS_ALLOWLIST}),
 *                           comma-separated; what tools, the sandbox and notifications all read
 * @param piiAction          that profile's {@code pii_action} (G4 treats its PII with it), or empty
 * @param drift              that profile's PSI bands (drift reports, the drift gate, the live drift
 *                           watch of its deployments), or empty: the template's, else the spec's
 * @param defaultWorkflow    the workflow ({@code workflow/<name>@vX.Y.Z}) a run under that profile
 *                           walks when its request names none, or empty
 * @param knowledgeBases     the deployment's knowledge bases ({@code svc.governance.knowledge-bases.<name>}:
 *                           its file or folder; {@code ...knowledge-base-descriptions.<name>}), by name
 */
public record GovernanceSettings(
        String template,
        List<PermissionRule> rules,
        Set<String> disabledGuardrails,
        String egressAllowlist,
        Optional<PiiAction> piiAction,
        Optional<DriftBands> drift,
        Optional<String> defaultWorkflow,
        List<KnowledgeBase> knowledgeBases) {

    /** No deployment in force: every profile runs on its built-in template. */
    public static final GovernanceSettings NONE = new GovernanceSettings(
            "", List.of(), Set.of(), "", Optional.empty(), Optional.empty(), Optional.empty(), List.of());

    public GovernanceSettings {
        rules = List.copyOf(rules);
        disabledGuardrails = Set.copyOf(disabledGuardrails);
        knowledgeBases = knowledgeBases.stream()
                .sorted(Comparator.comparing(KnowledgeBase::name))
                .toList();
    }

    /** A document set agents may search: a file or folder of the deployment, and what it is for. */
    public record KnowledgeBase(String name, Path path, String description) {}

    /** PSI limits: from {@code watch} a feature is watched (moderate), above {@code block} it is significant. */
    public record DriftBands(double watch, double block) {
        public DriftBands {
            if (!(watch > 0 && block >= watch)) {
                throw new IllegalArgumentException(
                        "svc.governance.drift needs 0 < watch-psi <= block-psi, got " + watch + " and " + block);
            }
        }
    }

    /** Reads {@code svc.governance}. */
    public static GovernanceSettings fromConfig(Config svc) {
        Config g = svc.getConfig("governance");
        List<Positioned> positioned = new ArrayList<>();
        ConfigObject rules = g.getObject("rules");
        for (String id : rules.keySet()) {
            Config r = rules.toConfig().getConfig("\"" + id + "\"");
            positioned.add(new Positioned(
                    r.hasPath("position") ? r.getInt("position") : Integer.MAX_VALUE,
                    new PermissionRule(
                            id,
                            r.getString("tool_name"),
                            Behavior.fromWire(r.getString("behavior")),
                            r.hasPath("pattern") ? r.getString("pattern") : null,
                            r.getInt("priority"),
                            r.hasPath("reason") ? r.getString("reason") : "",
                            RuleSource.PROFILE)));
        }
        positioned.sort(Comparator.comparingInt(Positioned::position)
                .thenComparing(p -> p.rule().id()));
        Set<String> disabled = new LinkedHashSet<>();
        for (Map.Entry<String, Object> e : g.getObject("guardrails").unwrapped().entrySet()) {
            if (e.getKey().matches("G\\d+") && !Boolean.parseBoolean(String.valueOf(e.getValue()))) {
                disabled.add(e.getKey());
            }
        }
        Config guardrails = g.getConfig("guardrails");
        Optional<PiiAction> pii = guardrails.hasPath("pii-action")
                ? Optional.of(PiiAction.parse(guardrails.getString("pii-action")))
                : Optional.empty();
        Optional<DriftBands> drift = g.hasPath("drift.watch-psi") && g.hasPath("drift.block-psi")
                ? Optional.of(new DriftBands(g.getDouble("drift.watch-psi"), g.getDouble("drift.block-psi")))
                : Optional.empty();
        Optional<String> workflow = g.hasPath("default-workflow")
                        && !g.getString("default-workflow").isBlank()
                ? Optional.of(g.getString("default-workflow"))
                : Optional.empty();
        List<KnowledgeBase> knowledge = new ArrayList<>();
        if (g.hasPath("knowledge-bases")) {
            Map<String, Object> descriptions = g.hasPath("knowledge-base-descriptions")
                    ? g.getObject("knowledge-base-descriptions").unwrapped()
                    : Map.of();
            g.getObject("knowledge-bases")
                    .unwrapped()
                    .forEach((name, path) -> knowledge.add(new KnowledgeBase(
                            name, Path.of(String.valueOf(path)), String.valueOf(descriptions.getOrDefault(name, "")))));
        }
        return new GovernanceSettings(
                g.getString("template"),
                positioned.stream().map(Positioned::rule).toList(),
                disabled,
                g.getString("egress-allowlist"),
                pii,
                drift,
                workflow,
                knowledge);
    }

    /** The workflow a run under {@code profile} walks when it names none: the deployment's, for its profile. */
    public Optional<String> defaultWorkflowOf(String profile) {
        return governs(profile) ? defaultWorkflow : Optional.empty();
    }

    /** Whether runs under {@code profile} take this configuration's rules and guardrail switches. */
    public boolean governs(String profile) {
        return !template.isEmpty() && template.equals(profile);
    }

    /**
     * The profile rules as a permission source. Not {@code ProfileRules}: a deployment may add
     * an ALLOW or a DENY above 60, which the deployment checker admits and a template may not
     * hold; the source stays {@code profile} and each denial names the rule's id.
     */
    public RuleProvider profileRules() {
        return new RuleProvider() {
            @Override
            public RuleSource source() {
                return RuleSource.PROFILE;
            }

            @Override
            public List<PermissionRule> rulesFor(PermissionRequest request) {
                return rules;
            }
        };
    }

    private record Positioned(int position, PermissionRule rule) {}
}
