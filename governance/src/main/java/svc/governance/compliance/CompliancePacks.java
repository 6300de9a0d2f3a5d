package svc.governance.compliance;

import java.util.List;

/** Ready-made gate sets; the YAML of the {@code bfsi_baseline} template carries the same gates. */
public final class CompliancePacks {

    public static final String REGISTER_DEPLOYMENT = "register_model_deployment";

    private CompliancePacks() {}

    /**
     * BFSI: demographic parity difference above 0.1 blocks deployment (fairness audit), and a
     * maximum PSI above 0.25 blocks deployment (drift baseline).
     */
    public static List<ComplianceGate> bfsiBaseline() {
        return List.of(
                new ComplianceGate(
                        "bfsi-fairness",
                        REGISTER_DEPLOYMENT,
                        "audit_fairness",
                        "${last_tool_result.demographic_parity_difference} > 0.1",
                        REGISTER_DEPLOYMENT),
                new ComplianceGate(
                        "bfsi-drift",
                        REGISTER_DEPLOYMENT,
                        "compute_drift",
                        "${last_tool_result.max_psi} > 0.25",
                        REGISTER_DEPLOYMENT));
    }
}
