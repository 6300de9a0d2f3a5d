package svc.governance.permission;

import java.nio.file.Path;
import java.util.List;

/**
 * The operator's policy file: a JSON or YAML list of rules, empty by default, read once at boot.
 * ALLOW rules sit at {@link Priorities#POLICY_ALLOW} (50); writing another priority on an ALLOW is
 * an error rather than being silently changed, because an operator who writes 90 expects to beat
 * something and must learn that an ALLOW never beats an invariant DENY. DENY and ASK rules keep
 * the priority written, {@link Priorities#POLICY_DEFAULT} when none is.
 */
public final class PolicyRules implements RuleProvider {

    private final List<PermissionRule> rules;

    private PolicyRules(List<PermissionRule> rules) {
        this.rules = rules;
    }

    public static PolicyRules empty() {
        return new PolicyRules(List.of());
    }

    public static PolicyRules load(Path file) {
        return new PolicyRules(RuleFiles.read(file, RuleSource.POLICY, PolicyRules::priority));
    }

    public static PolicyRules parse(String text, boolean yaml, String origin) {
        return new PolicyRules(RuleFiles.parse(text, yaml, origin, RuleSource.POLICY, PolicyRules::priority));
    }

    private static int priority(RuleFiles.RawRule raw) {
        if (raw.behavior() == Behavior.ALLOW) {
            if (raw.priority() != null && raw.priority() != Priorities.POLICY_ALLOW) {
                throw new IllegalArgumentException("policy ALLOW rules sit at priority " + Priorities.POLICY_ALLOW
                        + " (was " + raw.priority() + "); an ALLOW cannot outrank an invariant DENY");
            }
            return Priorities.POLICY_ALLOW;
        }
        return raw.priority() == null ? Priorities.POLICY_DEFAULT : raw.priority();
    }

    public List<PermissionRule> rules() {
        return rules;
    }

    @Override
    public RuleSource source() {
        return RuleSource.POLICY;
    }

    @Override
    public List<PermissionRule> rulesFor(PermissionRequest request) {
        return rules;
    }
}
