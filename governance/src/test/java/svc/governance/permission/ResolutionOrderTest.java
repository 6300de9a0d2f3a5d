package svc.governance.permission;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** One test per step of the resolution order, on the pure {@link PermissionEngine#resolve}. */
class ResolutionOrderTest {

    private static PermissionRule rule(String id, Behavior b, int priority, RuleSource source) {
        return PermissionRule.of(id, "tool", b, priority, "because " + id, source);
    }

    @Test
    void invariantDenyAtSixtyBeatsAnAllowOfHigherPriority() {
        var allow = rule("allow-99", Behavior.ALLOW, 99, RuleSource.POLICY);
        var deny = rule("deny-60", Behavior.DENY, 60, RuleSource.PROFILE);
        var d = PermissionEngine.resolve(List.of(allow, deny), Behavior.ALLOW);
        assertThat(d.behavior()).isEqualTo(Behavior.DENY);
        assertThat(d.winner()).contains(deny);
        assertThat(d.source()).isEqualTo("profile");
        assertThat(d.reason()).isEqualTo("because deny-60");
        assertThat(d.matched()).containsExactly(allow, deny);
    }

    @Test
    void denyJustBelowSixtyLosesToAllow() {
        var allow = rule("allow-10", Behavior.ALLOW, 10, RuleSource.POLICY);
        var deny = rule("deny-59", Behavior.DENY, 59, RuleSource.POLICY);
        var d = PermissionEngine.resolve(List.of(deny, allow), Behavior.DENY);
        assertThat(d.behavior()).isEqualTo(Behavior.ALLOW);
        assertThat(d.winner()).contains(allow);
    }

    @Test
    void highestInvariantDenyIsTheOneReported() {
        var d60 = rule("d60", Behavior.DENY, 60, RuleSource.PROFILE);
        var d90 = rule("d90", Behavior.DENY, 90, RuleSource.AGENT_ALLOWLIST);
        var d = PermissionEngine.resolve(List.of(d60, d90), Behavior.ALLOW);
        assertThat(d.winner()).contains(d90);
        assertThat(d.source()).isEqualTo("agent_allowlist");
    }

    @Test
    void allowBeatsDenyBeatsAskBeatsDefault() {
        var allow = rule("a", Behavior.ALLOW, 1, RuleSource.POLICY);
        var deny = rule("d", Behavior.DENY, 50, RuleSource.POLICY);
        var ask = rule("q", Behavior.ASK, 59, RuleSource.POLICY);
        assertThat(PermissionEngine.resolve(List.of(ask, deny, allow), Behavior.DENY)
                        .winner())
                .contains(allow);
        assertThat(PermissionEngine.resolve(List.of(ask, deny), Behavior.ALLOW).winner())
                .contains(deny);
        assertThat(PermissionEngine.resolve(List.of(ask), Behavior.ALLOW).winner())
                .contains(ask);
        var none = PermissionEngine.resolve(List.of(), Behavior.ALLOW);
        assertThat(none.behavior()).isEqualTo(Behavior.ALLOW);
        assertThat(none.winner()).isEmpty();
        assertThat(none.source()).isEqualTo("default");
        assertThat(PermissionEngine.resolve(List.of(), Behavior.DENY).behavior())
                .isEqualTo(Behavior.DENY);
    }

    @Test
    void priorityBreaksTiesInsideOneBehaviourAndFirstMatchedBreaksEqualPriorities() {
        var low = rule("low", Behavior.DENY, 10, RuleSource.POLICY);
        var high = rule("high", Behavior.DENY, 40, RuleSource.POLICY);
        var sameAsHigh = rule("same", Behavior.DENY, 40, RuleSource.POLICY);
        assertThat(PermissionEngine.resolve(List.of(low, high, sameAsHigh), Behavior.ALLOW)
                        .winner())
                .contains(high);
        assertThat(PermissionEngine.resolve(List.of(sameAsHigh, high, low), Behavior.ALLOW)
                        .winner())
                .contains(sameAsHigh);
        var ask45 = rule("ask45", Behavior.ASK, 45, RuleSource.PROFILE);
        var ask70 = rule("ask70", Behavior.ASK, 70, RuleSource.HITL);
        assertThat(PermissionEngine.resolve(List.of(ask45, ask70), Behavior.ALLOW)
                        .winner())
                .contains(ask70);
    }

    @Test
    void policyAllowAtFiftyCannotOverrideProfileDenyAtSixty() {
        var policyAllow = PolicyRules.parse("[{id: p, tool_name: execute_shell, behavior: allow}]", true, "policy.yaml")
                .rules();
        var profileDeny = PermissionPacks.bfsiBaseline().get(0);
        var d = PermissionEngine.resolve(List.of(policyAllow.get(0), profileDeny), Behavior.ALLOW);
        assertThat(policyAllow.get(0).priority()).isEqualTo(50);
        assertThat(d.behavior()).isEqualTo(Behavior.DENY);
        assertThat(d.winner().orElseThrow().id()).isEqualTo("bfsi-deny-shell");
    }

    @Test
    void complianceDenyAtFiftyFiveIsNotLiftedByPolicyAllowAtFifty() {
        var policyAllow = rule("p", Behavior.ALLOW, 50, RuleSource.POLICY);
        var gate = rule("compliance_gate:bfsi-fairness", Behavior.DENY, 55, RuleSource.COMPLIANCE_GATE);
        var d = PermissionEngine.resolve(List.of(policyAllow, gate), Behavior.ALLOW);
        assertThat(d.behavior()).isEqualTo(Behavior.DENY);
        assertThat(d.source()).isEqualTo("compliance_gate");
        // the same DENY at 55 from any other source is an ordinary DENY and loses to the ALLOW
        var plain = rule("plain", Behavior.DENY, 55, RuleSource.POLICY);
        assertThat(PermissionEngine.resolve(List.of(policyAllow, plain), Behavior.ALLOW)
                        .behavior())
                .isEqualTo(Behavior.ALLOW);
    }

    @Test
    void profileDenyOutranksComplianceDenyInTheInvariantPass() {
        var gate = rule("gate", Behavior.DENY, 55, RuleSource.COMPLIANCE_GATE);
        var profile = rule("profile", Behavior.DENY, 60, RuleSource.PROFILE);
        assertThat(PermissionEngine.resolve(List.of(gate, profile), Behavior.ALLOW)
                        .winner())
                .contains(profile);
    }

    @Test
    void policyAllowLiftsAnAskAsTheSpecSays() {
        var allow = rule("p", Behavior.ALLOW, 50, RuleSource.POLICY);
        var ask = PermissionPacks.bfsiBaseline().get(2);
        var d = PermissionEngine.resolve(List.of(ask, allow), Behavior.ALLOW);
        assertThat(d.behavior()).isEqualTo(Behavior.ALLOW);
        assertThat(d.matched()).contains(ask);
    }
}
