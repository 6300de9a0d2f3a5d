package svc.governance.permission;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Egress allowlist verdicts as rules. The URL checker (guardrail G1, another package) reads the
 * arguments' JSON and returns why the call must not go out, or empty; a refusal becomes a DENY
 * at {@link Priorities#EGRESS_DENY} with source {@code egress_allowlist}.
 */
public final class EgressRules implements RuleProvider {

    private final Function<String, Optional<String>> blockedReason;

    /** @param blockedReason arguments JSON → reason the egress is refused, empty when it may go */
    public EgressRules(Function<String, Optional<String>> blockedReason) {
        this.blockedReason = blockedReason;
    }

    @Override
    public RuleSource source() {
        return RuleSource.EGRESS_ALLOWLIST;
    }

    @Override
    public List<PermissionRule> rulesFor(PermissionRequest request) {
        return blockedReason
                .apply(request.argumentsJson())
                .map(reason -> List.of(PermissionRule.of(
                        "egress_allowlist",
                        request.tool(),
                        Behavior.DENY,
                        Priorities.EGRESS_DENY,
                        "egress blocked: " + reason,
                        RuleSource.EGRESS_ALLOWLIST)))
                .orElse(List.of());
    }
}
