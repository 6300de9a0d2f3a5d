package svc.governance.permission;

import java.util.List;
import java.util.Set;

/**
 * Tools that need a human approval: an ASK at {@link Priorities#HITL_ASK} for each glob, or the
 * approval rules of a profile ({@link #of}), so an ASK is attributed to {@code hitl} wherever it
 * was written down.
 */
public final class HitlRules implements RuleProvider {

    private final List<PermissionRule> rules;

    private HitlRules(List<PermissionRule> rules) {
        this.rules = List.copyOf(rules);
    }

    /** Approval rules built elsewhere (a template's ASK rules); each must be an ASK of source hitl. */
    public static HitlRules of(List<PermissionRule> rules) {
        for (PermissionRule r : rules) {
            if (r.source() != RuleSource.HITL || r.behavior() != Behavior.ASK) {
                throw new IllegalArgumentException("hitl rule '" + r.id() + "': must be an ask of source hitl, was "
                        + r.behavior() + " of " + r.source());
            }
        }
        return new HitlRules(rules);
    }

    public HitlRules(Set<String> approvalRequiredTools) {
        this.rules = approvalRequiredTools.stream()
                .sorted()
                .map(glob -> PermissionRule.of(
                        "hitl:" + glob,
                        glob,
                        Behavior.ASK,
                        Priorities.HITL_ASK,
                        "tool " + glob + " requires human approval",
                        RuleSource.HITL))
                .toList();
    }

    @Override
    public RuleSource source() {
        return RuleSource.HITL;
    }

    @Override
    public List<PermissionRule> rulesFor(PermissionRequest request) {
        return rules;
    }
}
