package svc.persistence.lineage;

import java.time.Instant;

/** One row of {@code lineage_models}: a model a run registered, on the dataset it was trained on. */
public record ModelRow(String modelId, String datasetId, String runId, String learner, Instant createdAt) {}
