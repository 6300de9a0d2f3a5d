package svc.http.governance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import svc.governance.erasure.ErasureReceipt;
import svc.http.server.Fields;

/** The request and answer bodies of the governance endpoints. */
final class GovernanceBodies {

    private GovernanceBodies() {}

    /** {@code POST /api/v1/tools/invoke}: a tool call made as a roster agent. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record ToolInvocation(String agent, String tool, ObjectNode arguments, String runId) {
        ToolInvocation {
            Fields.required("agent", agent);
            Fields.required("tool", tool);
        }
    }

    /** The tool's answer: its result document and the facts it recorded. */
    record ToolInvocationResult(String agent, String tool, boolean ok, JsonNode result, Map<String, Object> facts) {}

    /** A subject erasure or its dry run, with the signed receipt. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record ErasureResult(boolean dryRun, ErasureReceipt receipt) {}
}
