package svc.http.batch;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Instant;
import svc.core.batch.BatchView;

/** A batch as the API answers it: {@code {batch_id, state, total, processed, ...}}. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record BatchRecord(
        String batchId,
        String kind,
        String runId,
        String tool,
        String state,
        long total,
        long processed,
        long errors,
        Instant createdAt,
        Instant updatedAt,
        String failure) {

    public static BatchRecord of(BatchView v) {
        return new BatchRecord(
                v.batchId(),
                v.kind(),
                v.runId(),
                v.tool(),
                v.state(),
                v.total(),
                v.processed(),
                v.errors(),
                v.createdAt(),
                v.updatedAt(),
                v.failure());
    }
}
