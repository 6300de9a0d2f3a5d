package svc.http.pipelines;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Instant;
import java.util.List;
import svc.core.run.PruneNote;
import svc.core.run.RunView;
import svc.persistence.runs.RunRow;

/**
 * The run record of DESIGN.md's contract: {@code run_id, state, template, profile, problem,
 * dataset_path, created_at, updated_at, pending_gates}, plus {@code target},
 * {@code current_node}, {@code cost_usd}, {@code failure} and {@code dataset_id} (the uploaded
 * dataset it was started from, else the lineage id of its file once read). The entity's view adds
 * {@code sensitive_attributes} and {@code pruned} (what the retention sweep deleted of a finished
 * run: {@code [{kind, at, detail}]}, one per artefact kind, empty until then); a list item from the
 * read side adds {@code created_by}.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record RunRecord(
        String runId,
        String state,
        String template,
        String profile,
        String problem,
        String datasetPath,
        Instant createdAt,
        Instant updatedAt,
        List<GateRecord> pendingGates,
        String target,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<String> sensitiveAttributes,
        String currentNode,
        double costUsd,
        String failure,
        @JsonInclude(JsonInclude.Include.NON_NULL) String createdBy,
        String datasetId,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<PruneNote> pruned) {

    /** A run as its entity sees it now. */
    public static RunRecord of(RunView v) {
        return new RunRecord(
                v.runId(),
                v.state(),
                v.template(),
                v.profile(),
                v.problem(),
                v.datasetPath(),
                v.createdAt(),
                v.updatedAt(),
                v.pendingGates().stream().map(GateRecord::of).toList(),
                v.target(),
                v.sensitiveAttributes() == null ? List.of() : v.sensitiveAttributes(),
                v.currentNode(),
                v.costUsd(),
                v.failure(),
                null,
                v.datasetId(),
                v.pruned());
    }

    /** A list item from the read side; its pending gates come from the approvals table. */
    public static RunRecord of(RunRow r, List<GateRecord> pending) {
        return new RunRecord(
                r.runId(),
                r.state(),
                r.template(),
                r.profile(),
                r.problem(),
                r.datasetPath(),
                r.createdAt(),
                r.updatedAt(),
                pending,
                r.target(),
                null,
                r.currentNode(),
                r.costUsd(),
                r.failure(),
                r.createdBy(),
                r.datasetId(),
                null);
    }
}
