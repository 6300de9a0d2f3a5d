package svc.http.datasets;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Instant;
import java.util.List;
import svc.persistence.lineage.DatasetRow;

/**
 * A dataset as the API shows it. {@code uploaded} says whether it came in through an upload; a
 * dataset a run read from a path has no name, format, size, shape or uploader.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record DatasetRecord(
        String datasetId,
        String name,
        String format,
        String uri,
        String sha256,
        Long sizeBytes,
        Long rows,
        List<String> columns,
        String consentDocRef,
        Instant createdAt,
        String uploadedBy,
        boolean uploaded) {

    public static DatasetRecord of(DatasetRow d) {
        return new DatasetRecord(
                d.datasetId(),
                d.name(),
                d.format(),
                d.uri(),
                d.sha256(),
                d.sizeBytes(),
                d.rowCount(),
                d.columns(),
                d.consentDocRef(),
                d.createdAt(),
                d.uploadedBy(),
                d.uploaded());
    }
}
