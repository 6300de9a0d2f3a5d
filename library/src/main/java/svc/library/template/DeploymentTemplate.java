package svc.library.template;

import java.util.List;
import java.util.Optional;
import svc.library.asset.AssetRef;

/**
 * A validated deployment template: the defaults a customer deployment starts from.
 *
 * @param defaultWorkflow       the workflow runs use when the request names none
 * @param permissionRules       the template's profile permission rules
 * @param complianceGates       gates that can block a tool on a computed figure
 * @param drift                 PSI bands, when the template fixes them
 * @param egressAllowlist       hosts {@code http_get} may reach; empty means no egress
 * @param safeHarborIdentifiers the HIPAA Safe Harbor identifier categories, each with the PII
 *                              types that recognise it and what needs an add-on; empty for
 *                              templates that do not apply Safe Harbor
 */
public record DeploymentTemplate(
        String name,
        String description,
        Branding branding,
        AssetRef defaultWorkflow,
        List<PermissionRule> permissionRules,
        List<ComplianceGate> complianceGates,
        GuardrailSettings guardrails,
        Retention retention,
        Optional<DriftBands> drift,
        List<String> egressAllowlist,
        List<SafeHarborIdentifier> safeHarborIdentifiers) {

    public DeploymentTemplate {
        permissionRules = List.copyOf(permissionRules);
        complianceGates = List.copyOf(complianceGates);
        egressAllowlist = List.copyOf(egressAllowlist);
        safeHarborIdentifiers = List.copyOf(safeHarborIdentifiers);
    }

    public Optional<PermissionRule> rule(String id) {
        return permissionRules.stream().filter(r -> r.id().equals(id)).findFirst();
    }

    public Optional<ComplianceGate> gate(String id) {
        return complianceGates.stream().filter(g -> g.id().equals(id)).findFirst();
    }
}
