package svc.core.run;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import svc.core.CborSerializable;

/**
 * A run as its entity sees it right now; the API's run record is made from this. {@code datasetId}
 * is the uploaded dataset it was started from, else the lineage id the data team found (or null).
 * {@code pruned} says what the retention sweep deleted of a finished run (empty otherwise).
 */
public record RunView(
        String runId,
        String state,
        String template,
        String profile,
        String problem,
        String datasetPath,
        String target,
        List<String> sensitiveAttributes,
        Instant createdAt,
        Instant updatedAt,
        String currentNode,
        double costUsd,
        String failure,
        List<Gate> pendingGates,
        Map<String, Object> facts,
        String datasetId,
        List<PruneNote> pruned)
        implements CborSerializable {}
