package svc.core.tools.ml;

import java.nio.file.Files;
import java.nio.file.Path;
import svc.ml.data.Dataset;

/**
 * The data a run's model was trained on, for drift checks after the run: the training split the
 * data team prepared (the reference {@code compute_drift} uses too), or, for a run that kept no
 * prepared split, its whole dataset.
 */
public final class TrainingReference {

    private TrainingReference() {}

    public static Dataset of(Path runDir) {
        RunWorkspace ws = new RunWorkspace(runDir);
        Dataset all = ws.dataset();
        return Files.isRegularFile(ws.file("work/prepared.json"))
                ? all.select(ws.prepared().train())
                : all;
    }
}
