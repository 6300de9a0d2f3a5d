package svc.core.run;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import svc.core.CborSerializable;

/**
 * The stored form of a finished run, saved when the retention sweep prunes its journal (see
 * {@link RunEntity.NotePruned}): everything {@link RunInfo} holds, with the workflow as the same
 * JSON its first event carried, so the run's record is read back from this alone once the
 * events before it are deleted. Only {@link RunEntity.Finished} runs are snapshotted.
 *
 * @param phase the finished state's wire name ({@code succeeded}, {@code failed}, {@code cancelled})
 * @param reason the failure of a failed run, else null
 */
record RunSnapshot(
        String phase,
        String reason,
        RunSpec spec,
        String workflowJson,
        Instant createdAt,
        Instant updatedAt,
        Map<String, Object> facts,
        Map<String, Integer> edgeCounts,
        Map<String, Integer> visits,
        Map<String, Double> agentCosts,
        int delegations,
        Map<String, Gate> gates,
        String currentNode,
        int budgetGrants,
        List<PruneNote> pruned)
        implements CborSerializable {

    static RunSnapshot of(RunEntity.Finished run) {
        RunInfo i = run.info();
        return new RunSnapshot(
                run.runState().wireName(),
                run instanceof RunEntity.Failed f ? f.reason() : null,
                i.spec(),
                WorkflowCodec.toJson(i.workflow()),
                i.createdAt(),
                i.updatedAt(),
                i.facts(),
                i.edgeCounts(),
                i.visits(),
                i.agentCosts(),
                i.delegations(),
                i.gates(),
                i.currentNode(),
                i.budgetGrants(),
                run.pruned());
    }

    RunEntity.Finished toState() {
        RunInfo info = new RunInfo(
                spec,
                WorkflowCodec.fromJson(workflowJson),
                createdAt,
                updatedAt,
                orEmpty(facts),
                orEmpty(edgeCounts),
                orEmpty(visits),
                orEmpty(agentCosts),
                delegations,
                orEmpty(gates),
                currentNode,
                budgetGrants);
        List<PruneNote> notes = pruned == null ? List.of() : List.copyOf(pruned);
        return switch (RunState.ofWireName(phase).orElseThrow()) {
            case SUCCEEDED -> new RunEntity.Succeeded(info, notes);
            case FAILED -> new RunEntity.Failed(info, reason, notes);
            case CANCELLED -> new RunEntity.Cancelled(info, notes);
            default -> throw new IllegalStateException("a run snapshot of a live run (" + phase + ")");
        };
    }

    private static <V> Map<String, V> orEmpty(Map<String, V> m) {
        return m == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(m));
    }
}
