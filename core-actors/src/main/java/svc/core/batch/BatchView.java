package svc.core.batch;

import java.time.Instant;
import svc.core.CborSerializable;

/**
 * A batch as callers see it.
 *
 * @param state {@code running}, {@code succeeded}, {@code failed} or {@code cancelled}
 * @param processed records with a line in {@code results.jsonl} at the last checkpoint
 * @param errors of those, the lines that carry an error
 */
public record BatchView(
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
        String failure)
        implements CborSerializable {

    public static final String RUNNING = "running";
    public static final String SUCCEEDED = "succeeded";
    public static final String FAILED = "failed";
    public static final String CANCELLED = "cancelled";
}
