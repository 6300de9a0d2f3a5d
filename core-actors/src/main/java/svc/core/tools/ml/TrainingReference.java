package svc.core.tools.ml;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import svc.ml.data.Dataset;
import svc.persistence.store.WorkingCopy;

/**
 * The data a run's model learned from, as drift is measured against it: the training split of the
 * run's dataset ({@code work/prepared.json}'s {@code train} rows), the reference of
 * {@code compute_drift}. A run without a prepared split gives its whole dataset.
 */
public final class TrainingReference {

    private TrainingReference() {}

    /** The same through a node's working copy, brought up to date from the artefact store first. Blocks. */
    public static Dataset of(WorkingCopy files, String runId) {
        try (WorkingCopy.Lease lease = files.lease(runId)) {
            for (String name : List.of("run.json", "work/prepared.json")) {
                files.pull(runId, name);
            }
            return of(files.runDir(runId));
        }
    }

    /** Reads the run's dataset (shared with the run's tools through their cache). Blocks. */
    public static Dataset of(Path runDir) {
        RunWorkspace ws = new RunWorkspace(runDir);
        Dataset data = ws.dataset();
        return Files.exists(runDir.resolve("work").resolve("prepared.json"))
                ? data.select(ws.prepared().train())
                : data;
    }
}
