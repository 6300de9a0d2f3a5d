package svc.governance.permission;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * RBAC as rules: each requirement "tool or endpoint class {@code glob} needs at least role R"
 * becomes, for a request made with a lower role, a DENY at {@link Priorities#RBAC_DENY}.
 * A request with a sufficient role gets no rule at all (RBAC never grants, it only withholds).
 */
public final class RbacRules implements RuleProvider {

    private final Map<String, Role> requirements;

    /** @param requirements tool or endpoint-class glob → minimum role, e.g. {@code "subjects.*" → ADMIN} */
    public RbacRules(Map<String, Role> requirements) {
        this.requirements = new LinkedHashMap<>(requirements);
    }

    @Override
    public RuleSource source() {
        return RuleSource.RBAC;
    }

    @Override
    public List<PermissionRule> rulesFor(PermissionRequest request) {
        List<PermissionRule> rules = new ArrayList<>(0);
        requirements.forEach((glob, required) -> {
            if (!request.role().atLeast(required)) {
                rules.add(PermissionRule.of(
                        "rbac:" + glob,
                        glob,
                        Behavior.DENY,
                        Priorities.RBAC_DENY,
                        "role " + request.role() + " is below the required role " + required + " for " + glob,
                        RuleSource.RBAC));
            }
        });
        return rules;
    }
}
