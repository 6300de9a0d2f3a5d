package svc.governance.permission;

import java.util.List;
import svc.governance.compliance.ComplianceGates;
import svc.governance.compliance.GateInputs;
import svc.governance.compliance.GateVerdict;

/**
 * Compliance-gate verdicts as rules: for a request inside a run, every gate guarding the
 * requested tool is evaluated on the run's latest results, and each blocking verdict becomes a
 * DENY at {@link Priorities#COMPLIANCE_GATE_DENY} (55) whose reason is the verdict's sentence.
 * Requests outside a run ({@code runId == null}) get no gate rules.
 */
public final class ComplianceGateRules implements RuleProvider {

    private final ComplianceGates gates;
    private final GateInputs inputs;

    public ComplianceGateRules(ComplianceGates gates, GateInputs inputs) {
        this.gates = gates;
        this.inputs = inputs;
    }

    @Override
    public RuleSource source() {
        return RuleSource.COMPLIANCE_GATE;
    }

    @Override
    public List<PermissionRule> rulesFor(PermissionRequest request) {
        if (request.runId() == null) {
            return List.of();
        }
        List<GateVerdict> verdicts = gates.evaluateFor(
                request.tool(), inputs.latestResults(request.runId()), inputs.runContext(request.runId()));
        return verdicts.stream()
                .filter(GateVerdict::blocked)
                .map(v -> PermissionRule.of(
                        "compliance_gate:" + v.gateId(),
                        v.blocksTool(),
                        Behavior.DENY,
                        Priorities.COMPLIANCE_GATE_DENY,
                        v.reason(),
                        RuleSource.COMPLIANCE_GATE))
                .toList();
    }
}
