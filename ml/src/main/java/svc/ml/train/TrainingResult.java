package svc.ml.train;

import svc.ml.eval.MetricsReport;

/** The chosen model, the metrics report of the run, and the row indices of each split. */
public record TrainingResult(
        TrainedModel model, MetricsReport report, int[] trainRows, int[] validationRows, int[] testRows) {}
