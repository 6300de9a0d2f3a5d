package svc.core.governance;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigObject;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import svc.governance.permission.Behavior;
import svc.governance.permission.PermissionRequest;
import svc.governance.permission.PermissionRule;
import svc.governance.permission.RuleProvider;
import svc.governance.permission.RuleSource;

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
 * @param disabledGuardrails guardrail ids switched off for that profile (only G1, G3 and G4 are
 *                           chained per call; the others are not switchable at runtime)
 * @param egressAllowlist    the joined allowlist (template, deployment, {@code SVC_EGRESS_ALLOWLIST}),
 *                           comma-separated; what tools, the sandbox and notifications all read
 */
public record GovernanceSettings(
        String template, List<PermissionRule> rules, Set<String> disabledGuardrails, String egressAllowlist) {

    public GovernanceSettings {
        rules = List.copyOf(rules);
        disabledGuardrails = Set.copyOf(disabledGuardrails);
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
        return new GovernanceSettings(
                g.getString("template"),
                positioned.stream().map(Positioned::rule).toList(),
                disabled,
                g.getString("egress-allowlist"));
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
