package svc.governance.permission;

import java.util.List;
import java.util.Optional;

/**
 * The engine's answer and why.
 *
 * @param behavior the outcome
 * @param winner   the rule that decided, empty when no rule matched and the default applied
 * @param matched  every rule that matched the request, in provider order, for the audit trail
 * @param reason   the winner's reason, or a sentence naming the default
 */
public record PermissionDecision(
        Behavior behavior, Optional<PermissionRule> winner, List<PermissionRule> matched, String reason) {

    public PermissionDecision {
        matched = List.copyOf(matched);
    }

    /** Wire name of the deciding source, {@code default} when no rule matched. */
    public String source() {
        return winner.map(r -> r.source().wireName()).orElse(RuleSource.DEFAULT_SOURCE);
    }

    public boolean allowed() {
        return behavior == Behavior.ALLOW;
    }

    public boolean denied() {
        return behavior == Behavior.DENY;
    }

    public boolean needsApproval() {
        return behavior == Behavior.ASK;
    }
}
