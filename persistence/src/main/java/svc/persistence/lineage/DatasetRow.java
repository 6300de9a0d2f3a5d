package svc.persistence.lineage;

import java.time.Instant;
import java.util.List;

/**
 * One row of {@code lineage_datasets}. A dataset uploaded through the API also has its name,
 * format, size, shape and uploader; one a run read from a path has those null.
 */
public record DatasetRow(
        String datasetId,
        String uri,
        String sha256,
        String consentDocRef,
        Instant createdAt,
        String name,
        String format,
        Long sizeBytes,
        Long rowCount,
        List<String> columns,
        String uploadedBy) {

    public DatasetRow {
        columns = columns == null ? null : List.copyOf(columns);
    }

    /** Whether it came in through an upload (else a run read it from a path). */
    public boolean uploaded() {
        return format != null;
    }
}
