package svc.http.batch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;
import svc.core.batch.BatchService;
import svc.http.server.Fields;

/**
 * The body of {@code POST /api/v1/batch}: {@code kind}, then exactly one of {@code input_path}
 * and {@code records}; {@code model} (a model directory or a run id) for inference, {@code tool}
 * (and optionally {@code agent}) for custom, {@code run_id} for the run a custom tool works in.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
record SubmitBatch(
        String kind, String model, String runId, String inputPath, List<JsonNode> records, String tool, String agent) {

    SubmitBatch {
        Fields.oneOf("kind", kind, List.of("inference", "echo", "custom"));
    }

    BatchService.SubmitRequest request(String by) {
        return new BatchService.SubmitRequest(kind, runId, model, inputPath, records, tool, agent, by);
    }
}
