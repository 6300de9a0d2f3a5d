package svc.governance.permission;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;

/**
 * The eight places a permission rule can come from. The wire name is what denials, metrics
 * ({@code svc_permission_decisions_total{source}}) and problem details ({@code rule_source}) carry.
 */
public enum RuleSource {
    RBAC("rbac"),
    AGENT_ALLOWLIST("agent_allowlist"),
    FEATURE_FLAG("feature_flag"),
    HITL("hitl"),
    POLICY("policy"),
    PROFILE("profile"),
    COMPLIANCE_GATE("compliance_gate"),
    EGRESS_ALLOWLIST("egress_allowlist");

    /** The source named on a decision that no rule matched. Not a rule source: no rule carries it. */
    public static final String DEFAULT_SOURCE = "default";

    private final String wireName;

    RuleSource(String wireName) {
        this.wireName = wireName;
    }

    @JsonValue
    public String wireName() {
        return wireName;
    }

    @JsonCreator
    public static RuleSource fromWire(String name) {
        return Arrays.stream(values())
                .filter(s -> s.wireName.equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown rule source '" + name + "'; expected one of "
                        + Arrays.stream(values()).map(RuleSource::wireName).toList()));
    }

    @Override
    public String toString() {
        return wireName;
    }
}
