package svc.persistence.runs;

import java.time.Instant;

/** One run as the read side keeps it: what lists, filters and the API's run record need. */
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
        String failure) {}
