package svc.governance.compliance;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/** What a run has produced so far, as the gates need it; the runtime implements it per run. */
public interface GateInputs {

    /** Tool name → its latest result in the run (tools that never ran are absent). */
    Map<String, JsonNode> latestResults(String runId);

    /** The run's context object ({@code ${run_context.Y}}); may be {@code null}. */
    JsonNode runContext(String runId);
}
