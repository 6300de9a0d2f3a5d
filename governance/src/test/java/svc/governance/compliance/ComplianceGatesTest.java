package svc.governance.compliance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import svc.config.Json;

class ComplianceGatesTest {

    private final ComplianceGates bfsi = new ComplianceGates(CompliancePacks.bfsiBaseline());

    private static JsonNode json(String s) throws Exception {
        return Json.MAPPER.readTree(s);
    }

    @Test
    void fairAndStableModelPassesBothGates() throws Exception {
        var verdicts = bfsi.evaluate(
                Map.of(
                        "audit_fairness", json("{\"demographic_parity_difference\": 0.1}"),
                        "compute_drift", json("{\"max_psi\": 0.25}")),
                null);
        assertThat(verdicts).extracting(GateVerdict::blocked).containsExactly(false, false);
        assertThat(verdicts.get(0).reason()).contains("is false").contains("= 0.1");
    }

    @Test
    void unfairModelIsBlockedWithGateExpressionAndValueNamed() throws Exception {
        var blocked = bfsi.blocked(
                Map.of(
                        "audit_fairness", json("{\"demographic_parity_difference\": 0.1001, \"by_group\": {}}"),
                        "compute_drift", json("{\"max_psi\": 0.02}")),
                null);
        assertThat(blocked).singleElement().satisfies(v -> {
            assertThat(v.gateId()).isEqualTo("bfsi-fairness");
            assertThat(v.blocksTool()).isEqualTo("register_model_deployment");
            assertThat(v.reason())
                    .isEqualTo(
                            "compliance gate bfsi-fairness (deny_if ${last_tool_result.demographic_parity_difference} "
                                    + "> 0.1) is true: ${last_tool_result.demographic_parity_difference} = 0.1001; "
                                    + "register_model_deployment is blocked");
            assertThat(v.values()).containsEntry("${last_tool_result.demographic_parity_difference}", 0.1001);
        });
    }

    @Test
    void driftAboveQuarterBlocks() throws Exception {
        var blocked = bfsi.blocked(
                Map.of(
                        "audit_fairness", json("{\"demographic_parity_difference\": 0.01}"),
                        "compute_drift", json("{\"max_psi\": 0.31}")),
                null);
        assertThat(blocked).extracting(GateVerdict::gateId).containsExactly("bfsi-drift");
    }

    @Test
    void missingEvidenceOrUnresolvableValueFailsClosed() throws Exception {
        var noDrift = bfsi.evaluateFor(
                "register_model_deployment",
                Map.of("audit_fairness", json("{\"demographic_parity_difference\": 0.01}")),
                null);
        assertThat(noDrift).extracting(GateVerdict::blocked).containsExactly(false, true);
        assertThat(noDrift.get(1).reason())
                .contains("cannot evaluate")
                .contains("compute_drift has not produced a result");

        var renamed = bfsi.blocked(
                Map.of(
                        "audit_fairness", json("{\"dp_diff\": 0.01}"),
                        "compute_drift", json("{\"max_psi\": 0.01}")),
                null);
        assertThat(renamed)
                .singleElement()
                .satisfies(v -> assertThat(v.reason())
                        .contains("cannot evaluate")
                        .contains("${last_tool_result.demographic_parity_difference} does not resolve"));

        var wrongType = bfsi.blocked(
                Map.of(
                        "audit_fairness", json("{\"demographic_parity_difference\": \"0.01\"}"),
                        "compute_drift", json("{\"max_psi\": 0.01}")),
                null);
        assertThat(wrongType)
                .singleElement()
                .satisfies(v -> assertThat(v.reason()).contains("needs a number"));
    }

    @Test
    void gatesOnlyAnswerForTheToolTheyBlock() throws Exception {
        assertThat(bfsi.evaluateFor("train_model", Map.of(), null)).isEmpty();
    }

    @Test
    void runContextPlaceholdersWork() throws Exception {
        var gates = new ComplianceGates(List.of(new ComplianceGate(
                "ctx", "deploy", "audit", "${last_tool_result.x} > ${run_context.limits.x}", "deploy")));
        assertThat(gates.blocked(Map.of("audit", json("{\"x\": 3}")), json("{\"limits\": {\"x\": 2}}")))
                .hasSize(1);
        assertThat(gates.blocked(Map.of("audit", json("{\"x\": 1}")), json("{\"limits\": {\"x\": 2}}")))
                .isEmpty();
    }

    @Test
    void gatesLoadFromTemplateYamlAndTypoedFieldsAreRefused() throws Exception {
        String yaml = String.join(
                "\n",
                "- id: bfsi-fairness",
                "  triggers_on_tool: register_model_deployment",
                "  computes_via_tool: audit_fairness",
                "  deny_if: \"${last_tool_result.demographic_parity_difference} > 0.1\"",
                "  blocks_tool: register_model_deployment",
                "");
        var gates = ComplianceGates.parse(yaml, true, "bfsi_baseline/gates.yaml");
        assertThat(gates.gates()).containsExactly(CompliancePacks.bfsiBaseline().get(0));
        assertThatThrownBy(() -> ComplianceGates.parse(yaml.replace("deny_if", "denyif"), true, "g.yaml"))
                .hasMessageContaining("g.yaml")
                .hasMessageContaining("denyif");
        assertThatThrownBy(() -> ComplianceGates.parse(yaml.replace("> 0.1", "> "), true, "g.yaml"))
                .hasMessageContaining("g.yaml")
                .hasMessageContaining("bfsi-fairness")
                .hasMessageContaining("at column");
        assertThatThrownBy(() -> ComplianceGates.parse(
                        yaml.replace("  blocks_tool: register_model_deployment\n", ""), true, "g.yaml"))
                .hasMessageContaining("blocks_tool");
    }

    @Test
    void brokenGatesAreRefusedAtConstruction() {
        assertThatThrownBy(() ->
                        new ComplianceGates(List.of(new ComplianceGate("g", "t", "c", "${last_tool_result.x} >", "t"))))
                .hasMessageContaining("compliance gate 'g'")
                .hasMessageContaining("at column");
        assertThatThrownBy(() -> new ComplianceGate("g", "t", "c", " ", "t")).hasMessageContaining("deny_if");
        var twice = List.of(
                new ComplianceGate("g", "t", "c", "true", "t"), new ComplianceGate("g", "t", "c", "false", "t"));
        assertThatThrownBy(() -> new ComplianceGates(twice)).hasMessageContaining("used twice");
    }
}
