package svc.http.batch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;
import svc.core.batch.BatchService;

/** The body of {@code POST /api/v1/pipelines/{run_id}/batch}: inference with that run's model. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
record RunBatch(String inputPath, List<JsonNode> records) {

    BatchService.SubmitRequest request(String runId, String by) {
        return new BatchService.SubmitRequest("inference", runId, null, inputPath, records, null, null, by);
    }
}
