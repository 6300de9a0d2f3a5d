package svc.core.run;

import java.util.List;
import svc.core.CborSerializable;

/**
 * What a user asked for when starting a run. {@code target} and the sensitive attributes may be
 * absent: the data team finds them from the problem statement and the data. {@code consentDocRef}
 * names the consent document the dataset was collected under (lineage, erasure); it may be null.
 * {@code datasetId} is the uploaded dataset the run was started from ({@code datasetPath} is then
 * where the store keeps it); null for a run started from a path. {@code assignee} is the agent a
 * task run (a plugin command) hands its one task to, the task's text being {@code problem}; null
 * for a pipeline run, whose stages go to the director.
 */
public record RunSpec(
        String runId,
        String problem,
        String datasetPath,
        String target,
        List<String> sensitiveAttributes,
        String template,
        String profile,
        String workflowPath,
        String createdBy,
        String consentDocRef,
        String datasetId,
        String assignee)
        implements CborSerializable {

    public RunSpec {
        sensitiveAttributes = sensitiveAttributes == null ? List.of() : List.copyOf(sensitiveAttributes);
    }

    /** A pipeline run's request (no assignee). */
    public RunSpec(
            String runId,
            String problem,
            String datasetPath,
            String target,
            List<String> sensitiveAttributes,
            String template,
            String profile,
            String workflowPath,
            String createdBy,
            String consentDocRef,
            String datasetId) {
        this(
                runId,
                problem,
                datasetPath,
                target,
                sensitiveAttributes,
                template,
                profile,
                workflowPath,
                createdBy,
                consentDocRef,
                datasetId,
                null);
    }

    /** The key of the fact in which a task run keeps its assignee's answer. */
    public static final String ANSWER_FACT = "task.answer";
}
