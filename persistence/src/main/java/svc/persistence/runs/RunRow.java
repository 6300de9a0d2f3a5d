package svc.persistence.runs;

import java.time.Instant;

/**
 * One run as the read side keeps it: what lists, filters and the API's run record need.
 * {@code datasetId} is the lineage id of its dataset, known from the start when the run was
 * started from an uploaded dataset, else once the data team has read the file (null before);
 * {@code modelId} is the model it selected last (null before).
 */
public record RunRow(
        String runId,
        String state,
        String template,
        String profile,
        String problem,
        String datasetPath,
        String target,
        String createdBy,
        Instant createdAt,
        Instant updatedAt,
        String currentNode,
        double costUsd,
        String failure,
        String datasetId,
        String modelId) {}
