package svc.library.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import svc.library.LibraryException;
import svc.library.TestShelf;
import svc.library.asset.AssetRef;
import svc.library.asset.Library;

class TemplateLoaderTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"generic_ml", "bfsi_baseline", "hipaa_baseline"})
    void builtInTemplatesLoad(String name) {
        DeploymentTemplate t = TemplateLoader.builtIn(name);
        assertThat(t.name()).isEqualTo(name);
        assertThat(t.defaultWorkflow()).isEqualTo(AssetRef.parse("workflow/default_ml_pipeline@v1.0.0"));
        assertThat(t.branding().productName()).isNotBlank();
        assertThat(t.permissionRules())
                .allSatisfy(r -> assertThat(r.priority()).isEqualTo(r.behavior() == Behavior.DENY ? 60 : 45));
    }

    @Test
    void bfsiHasExactlyItsFiveRulesAndTwoGates() {
        DeploymentTemplate bfsi = TemplateLoader.builtIn("bfsi_baseline");
        assertThat(bfsi.permissionRules())
                .extracting(PermissionRule::toolName, PermissionRule::behavior)
                .containsExactly(
                        Tuple.tuple("execute_shell", Behavior.DENY),
                        Tuple.tuple("execute_python", Behavior.DENY),
                        Tuple.tuple("register_model_deployment", Behavior.ASK),
                        Tuple.tuple("write_file", Behavior.DENY),
                        Tuple.tuple("write_file", Behavior.DENY));
        assertThat(bfsi.complianceGates())
                .containsExactly(
                        new ComplianceGate(
                                "bfsi-fairness-gate",
                                "register_model_deployment",
                                "audit_fairness",
                                "${last_tool_result.demographic_parity_difference} > 0.1",
                                "register_model_deployment"),
                        new ComplianceGate(
                                "bfsi-drift-gate",
                                "register_model_deployment",
                                "compute_drift",
                                "${last_tool_result.max_psi} > 0.25",
                                "register_model_deployment"));
        assertThat(bfsi.retention()).isEqualTo(new Retention(2555, 2555, 2555, 2555));
        assertThat(bfsi.drift()).contains(new DriftBands(0.10, 0.25));
        assertThat(bfsi.guardrails().strict()).isTrue();
        assertThat(bfsi.guardrails().piiAction()).isEqualTo(PiiAction.REDACT);
    }

    @Test
    void bfsiRulePatternsCatchWhatTheyShouldAndOnlyThat() {
        DeploymentTemplate bfsi = TemplateLoader.builtIn("bfsi_baseline");
        PermissionRule python = bfsi.rule("bfsi-deny-dangerous-python").orElseThrow();
        assertThat(python.matches("execute_python", "{\"code\":\"import os\\nos.system(\\\"rm -rf /\\\")\"}"))
                .isTrue();
        assertThat(python.matches("execute_python", "{\"code\":\"import subprocess; subprocess.run(['ls'])\"}"))
                .isTrue();
        assertThat(python.matches("execute_python", "{\"code\":\"eval(input())\"}"))
                .isTrue();
        assertThat(python.matches("execute_python", "{\"code\":\"docs = retrieval(q)\"}"))
                .as("eval inside a word")
                .isFalse();
        assertThat(python.matches("execute_python", "{\"code\":\"__import__('socket')\"}"))
                .isTrue();
        assertThat(python.matches(
                        "execute_python",
                        "{\"code\":\"import pandas as pd\\ndf.evaluate_score = 1\\nprint(df.describe())\"}"))
                .isFalse();
        assertThat(python.matches("execute_shell", "{\"code\":\"eval(x)\"}")).isFalse();

        PermissionRule pan = bfsi.rule("bfsi-deny-pan-in-files").orElseThrow();
        assertThat(pan.matches("write_file", "{\"path\":\"notes.md\",\"content\":\"customer PAN ABCDE1234F on file\"}"))
                .isTrue();
        assertThat(pan.matches("write_file", "{\"path\":\"notes.md\",\"content\":\"ref XABCDE1234FZ and abcde1234f\"}"))
                .isFalse();
        assertThat(pan.matches("write_file", "{\"content\":\"pan\\nABCDE1234F\\n\"}"))
                .as("after a JSON newline")
                .isTrue();

        PermissionRule aadhaar = bfsi.rule("bfsi-deny-aadhaar-in-files").orElseThrow();
        assertThat(aadhaar.matches("write_file", "{\"content\":\"id 2345 6789 0123\"}"))
                .isTrue();
        assertThat(aadhaar.matches("write_file", "{\"content\":\"id 2345-6789-0123\"}"))
                .isTrue();
        assertThat(aadhaar.matches("write_file", "{\"content\":\"id 234567890123\"}"))
                .isTrue();
        assertThat(aadhaar.matches("write_file", "{\"content\":\"ids\\n2345 6789 0123\"}"))
                .as("after a JSON newline")
                .isTrue();
        assertThat(aadhaar.matches("write_file", "{\"content\":\"id 1234 5678 9012\"}"))
                .as("first digit 1")
                .isFalse();
        assertThat(aadhaar.matches("write_file", "{\"content\":\"id 2345 6789-0123\"}"))
                .as("mixed grouping")
                .isFalse();
        assertThat(aadhaar.matches("write_file", "{\"content\":\"rows 23456789012345\"}"))
                .as("14 digits")
                .isFalse();

        assertThat(bfsi.rule("bfsi-deny-shell").orElseThrow().matches("execute_shell", "{}"))
                .isTrue();
    }

    @Test
    void gateExpressionsEvaluateOverToolResults() {
        DeploymentTemplate bfsi = TemplateLoader.builtIn("bfsi_baseline");
        var fairness = bfsi.gate("bfsi-fairness-gate").orElseThrow().denyCondition();
        assertThat(fairness.test(Map.of("last_tool_result", Map.of("demographic_parity_difference", 0.14))))
                .isTrue();
        assertThat(fairness.test(
                        Map.of("last_tool_result", Map.of("demographic_parity_difference", new BigDecimal("0.1")))))
                .isFalse();
        var drift = bfsi.gate("bfsi-drift-gate").orElseThrow().denyCondition();
        assertThat(drift.test(Map.of("last_tool_result", Map.of("max_psi", 0.31))))
                .isTrue();
        assertThat(drift.test(Map.of("last_tool_result", Map.of("max_psi", 0.12))))
                .isFalse();
    }

    @Test
    void hipaaIsARealTemplate() {
        DeploymentTemplate hipaa = TemplateLoader.builtIn("hipaa_baseline");
        assertThat(hipaa.safeHarborIdentifiers())
                .hasSize(18)
                .extracting(SafeHarborIdentifier::category)
                .contains("names", "social security numbers", "IP addresses");
        SafeHarborIdentifier names = hipaa.safeHarborIdentifiers().get(0);
        assertThat(names.recognizers()).isEmpty();
        assertThat(names.notRecognized()).hasValueSatisfying(t -> assertThat(t).contains("NER add-on"));
        assertThat(hipaa.safeHarborIdentifiers())
                .filteredOn(i -> i.category().equals("social security numbers"))
                .singleElement()
                .satisfies(i -> assertThat(i.recognizers()).containsExactly("US_SSN"));
        assertThat(hipaa.guardrails().isOn("G4")).isTrue();
        assertThat(hipaa.guardrails().piiAction()).isEqualTo(PiiAction.REDACT);
        assertThat(hipaa.egressAllowlist()).isEmpty();
        PermissionRule egress = hipaa.rule("hipaa-deny-egress").orElseThrow();
        assertThat(egress.behavior()).isEqualTo(Behavior.DENY);
        assertThat(egress.matches("http_get", "{\"url\":\"https://example.org\"}"))
                .isTrue();
        assertThat(hipaa.retention()).isEqualTo(new Retention(2190, 2190, 2190, 2190));
        PermissionRule ssn = hipaa.rule("hipaa-deny-ssn-in-files").orElseThrow();
        assertThat(ssn.matches("write_file", "{\"content\":\"SSN 123-45-6789\"}"))
                .isTrue();
        assertThat(ssn.matches("write_file", "{\"content\":\"SSN 000-45-6789\"}"))
                .isFalse();
    }

    @Test
    void globsMatchToolNames() {
        PermissionRule rule = new PermissionRule("r", "execute_*", Behavior.DENY, Optional.empty(), 60, "x");
        assertThat(rule.appliesToTool("execute_shell")).isTrue();
        assertThat(rule.appliesToTool("execute_python")).isTrue();
        assertThat(rule.appliesToTool("http_get")).isFalse();
        assertThat(new PermissionRule("r", "write.file", Behavior.DENY, Optional.empty(), 60, "x")
                        .appliesToTool("writeXfile"))
                .as("dots are literal")
                .isFalse();
    }

    @Test
    void brokenTemplateReportsEveryProblemNamingRuleGateOrField() {
        String template = """
                name: broken
                description: every mistake at once
                branding:
                  product_name: x
                  subtitle: x
                  tagline: x
                  colors: {primary: "#12345", accent: "#abcdef", background: "#ffffff"}
                default_workflow: workflow/missing@v1.0.0
                permission_rules:
                  - {id: r1, tool_name: execute_shel, behavior: deny, priority: 60, reason: x}
                  - {id: r2, tool_name: write_file, behavior: block, priority: 60, reason: x}
                  - {id: r3, tool_name: write_file, behavior: deny, pattern: '[A-Z{5}', priority: 60, reason: x}
                  - {id: r4, tool_name: "deploy_*", behavior: ask, priority: 145, reason: x}
                  - {id: r1, tool_name: http_get, behavior: deny, priority: 60, reason: x}
                compliance_gates:
                  - id: g1
                    triggers_on_tool: register_model_deployment
                    computes_via_tool: audit_fairness
                    deny_if: '${last_result.dpd} > 0.1'
                    blocks_tool: register_model_deployment
                  - id: g2
                    triggers_on_tool: register_model_deployment
                    computes_via_tool: compute_psi
                    deny_if: '0.25 < 1'
                    blocks_tool: register_model_deployment
                guardrails:
                  enabled: [G1, G2, G6, G10, G11, G14, G16, G17, G1, G12]
                  strict: true
                  pii_action: scramble
                retention: {conversations_days: 30, run_events_days: 0, audit_pdfs_days: 30}
                safe_harbor_identifiers:
                  - {category: names}
                  - {category: names, recognizers: [EMAIL]}
                  - {category: web URLs, recognizers: [url]}
                """;
        new TestShelf(dir).asset("template", "broken", "v1.0.0", "template.yaml", template);
        assertThatThrownBy(() -> TemplateLoader.load(Library.open(dir), AssetRef.parse("template/broken@v1.0.0")))
                .isInstanceOf(LibraryException.class)
                .satisfies(e -> assertThat(((LibraryException) e).problems())
                        .containsExactlyInAnyOrder(
                                "branding: colors.primary '#12345' is not a #rrggbb colour",
                                "default_workflow: no workflow named 'missing' on the library shelf; known workflow "
                                        + "assets: none",
                                "permission rule 'r1': tool_name 'execute_shel' is not a tool in the catalogue",
                                "permission rule 'r2': behavior 'block' is not one of allow, deny, ask",
                                "permission rule 'r3': pattern does not compile: Unclosed character class near index 6",
                                "permission rule 'r4': tool_name 'deploy_*' matches no tool in the catalogue",
                                "permission rule 'r4': priority 145 is not in 0..100",
                                "permission rule 'r1': duplicate id",
                                "compliance gate 'g1': deny_if placeholder '${last_result.dpd}' has unknown scope "
                                        + "'last_result'; "
                                        + "use ${last_tool_result.X} or ${run_context.Y}",
                                "compliance gate 'g2': computes_via_tool 'compute_psi' is not a tool in the catalogue",
                                "compliance gate 'g2': deny_if uses no placeholder, so it would always decide the "
                                        + "same way",
                                "guardrails: G17 (supply chain) is not a guardrail svc offers: signed commits, the "
                                        + "SBOM and keyless release signing are controls of the CI and release "
                                        + "process, which svc does not include; no runtime switch follows it",
                                "guardrails: 'G1' is listed twice",
                                "guardrails: G15 (subject erasure) cannot be disabled: erasing a data subject on "
                                        + "request (POST /api/v1/erasure) is an obligation the platform always "
                                        + "meets; list it in enabled",
                                "guardrails: G12 and G13 are one mechanism here (the journal's envelope encryption "
                                        + "at rest, svc.at-rest.encryption): enable both or neither",
                                "guardrails: pii_action 'scramble' is not one of redact, mask, hash",
                                "retention: run_events_days must be a positive number of days, not 0",
                                "retention: shadow_predictions_days must be a positive number of days, not null",
                                "safe_harbor_identifiers[0]: 'names' needs 'recognizers' or 'not_recognized'",
                                "safe_harbor_identifiers[1]: category 'names' is listed twice",
                                "safe_harbor_identifiers[2]: recognizer 'url' is not a PII type name"));
    }

    @Test
    void unknownTemplateFieldIsRejected() {
        new TestShelf(dir).asset("template", "odd", "v1.0.0", "template.yaml", "name: odd\nretention_days: 5\n");
        assertThatThrownBy(() -> TemplateLoader.load(Library.open(dir), AssetRef.parse("template/odd@v1.0.0")))
                .hasMessageContaining("template template/odd@v1.0.0 (template.yaml): unknown field 'retention_days'");
    }
}
