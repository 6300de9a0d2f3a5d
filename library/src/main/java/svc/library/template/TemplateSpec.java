package svc.library.template;

import java.util.List;

/** A template file as written, before validation; see {@link TemplateLoader}. */
record TemplateSpec(
        String name,
        String description,
        Branding branding,
        String defaultWorkflow,
        List<RuleSpec> permissionRules,
        List<ComplianceGate> complianceGates,
        GuardrailSpec guardrails,
        RetentionSpec retention,
        DriftSpec drift,
        List<String> egressAllowlist,
        List<SafeHarborSpec> safeHarborIdentifiers) {

    TemplateSpec {
        permissionRules = permissionRules == null ? List.of() : permissionRules;
        complianceGates = complianceGates == null ? List.of() : complianceGates;
        egressAllowlist = egressAllowlist == null ? List.of() : egressAllowlist;
        safeHarborIdentifiers = safeHarborIdentifiers == null ? List.of() : safeHarborIdentifiers;
    }

    record RuleSpec(String id, String toolName, String behavior, String pattern, Integer priority, String reason) {}

    record GuardrailSpec(List<String> enabled, Boolean strict, String piiAction) {}

    record RetentionSpec(
            Integer conversationsDays, Integer runEventsDays, Integer auditPdfsDays, Integer shadowPredictionsDays) {}

    record DriftSpec(Double watchPsi, Double blockPsi) {}

    record SafeHarborSpec(String category, List<String> recognizers, String notRecognized) {}
}
