package svc.core.agent;

/**
 * The settings file's {@code supervisor}: the prompt and model of the model turns in which a
 * team's coordinator merges the parallel research of a stage (the {@code …/merge} task of a
 * {@code parallel} stage). A null field keeps the coordinator's own.
 */
public record MergeSupervisor(String prompt, String model) {

    /** The suffix of the task id the run gives the merging coordinator. */
    public static final String MERGE_TASK_SUFFIX = "/merge";

    public static boolean isMerge(String taskId) {
        return taskId.endsWith(MERGE_TASK_SUFFIX);
    }
}
