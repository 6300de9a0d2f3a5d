package svc.governance.compliance;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A compliance gate: when {@code deny_if} holds over the latest result of
 * {@code computes_via_tool}, the tool {@code blocks_tool} is denied.
 *
 * @param id              stable name, quoted in every verdict
 * @param triggersOnTool  the tool whose call makes the runtime compute the evidence (run
 *                        {@code computes_via_tool}) if it has not run yet; informational here
 * @param computesViaTool the tool whose latest result is {@code ${last_tool_result}}
 * @param denyIf          the restricted expression (see {@link Expression})
 * @param blocksTool      the tool that a true {@code deny_if} (or an evaluation failure) blocks
 */
public record ComplianceGate(
        String id,
        @JsonProperty("triggers_on_tool") String triggersOnTool,
        @JsonProperty("computes_via_tool") String computesViaTool,
        @JsonProperty("deny_if") String denyIf,
        @JsonProperty("blocks_tool") String blocksTool) {

    public ComplianceGate {
        require(id, "id", id);
        require(triggersOnTool, "triggers_on_tool", id);
        require(computesViaTool, "computes_via_tool", id);
        require(denyIf, "deny_if", id);
        require(blocksTool, "blocks_tool", id);
    }

    private static void require(String value, String field, String id) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("compliance gate '" + id + "': " + field + " must not be blank");
        }
    }
}
