package svc.core.batch;

import svc.core.CborSerializable;

/**
 * What a batch runs, fixed at submission and stored in its first event.
 *
 * @param kind {@code inference}, {@code echo} or {@code custom}
 * @param runId the run whose model predicts (inference), or whose directory and profile a custom
 *     tool works in; null when none
 * @param modelDir the saved model's directory (inference), else null
 * @param tool the tool run per record (custom), else null
 * @param agent the roster agent the tool runs as (custom), else null
 * @param inputPath the JSONL input
 * @param dir the batch's directory, where {@code results.jsonl} is written
 * @param submittedBy who submitted it
 */
public record BatchSpec(
        String kind,
        String runId,
        String modelDir,
        String tool,
        String agent,
        String inputPath,
        String dir,
        String submittedBy)
        implements CborSerializable {

    public static final String INFERENCE = "inference";
    public static final String ECHO = "echo";
    public static final String CUSTOM = "custom";
}
