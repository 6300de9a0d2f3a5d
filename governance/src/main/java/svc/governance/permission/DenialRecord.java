package svc.governance.permission;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;

/**
 * One denial, attributed to the source of the rule that decided it.
 *
 * @param source wire name of the rule source
 * @param ruleId the deciding rule (an extension of the spec's fields, so an auditor can find it)
 * @param reason the deciding rule's reason
 * @param runId  the run, {@code null} for API requests
 * @param agent  the agent name, or the API user for API requests
 * @param tool   the tool or endpoint class
 * @param ts     when the decision was taken
 */
public record DenialRecord(
        String source,
        @JsonProperty("rule_id") String ruleId,
        String reason,
        @JsonProperty("run_id") String runId,
        String agent,
        String tool,
        Instant ts) {}
