package svc.governance.permission;

import java.util.List;
import java.util.Set;

/** Tools that need a human approval: an ASK at {@link Priorities#HITL_ASK} for each glob. */
public final class HitlRules implements RuleProvider {

    private final List<PermissionRule> rules;

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
