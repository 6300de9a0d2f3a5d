package svc.ml.report;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import svc.ml.data.DroppedColumn;
import svc.ml.drift.DriftReport;
import svc.ml.fairness.FairnessReport;

/**
 * Everything the model card and the audit PDF state about one run, gathered by the actor core
 * from the run's artefacts. Maps keep their iteration order in the documents, so pass ordered
 * maps (e.g. {@code LinkedHashMap}) for a deliberate order.
 *
 * @param runId            the run
 * @param problemStatement the user's problem statement, verbatim
 * @param dataset          the dataset and its profile
 * @param target           the target column
 * @param task             e.g. {@code binary_classification}, {@code regression}
 * @param learner          the chosen learner, e.g. {@code xgboost}
 * @param params           its hyperparameters
 * @param testMetrics      the chosen model on the held-out test split
 * @param validationMetrics the chosen model on the validation split
 * @param candidates       every learner tried, with its validation figures
 * @param fairness         the fairness audit, or null when none was run
 * @param drift            the drift report, or null when none was run
 * @param topShapFeatures  features by mean |SHAP value|, largest first
 * @param approvals        human decisions at the run's gates, in time order
 * @param lineage          dataset → model → deployment ids
 * @param createdAt        when the run was created (also the documents' date, so that a
 *                         re-rendering is byte-identical)
 * @param targetReason     why this column is the target (the statement's words, the request), or null
 * @param droppedColumns   columns left out of training, each with its reason (leaks, identifiers)
 */
public record RunReport(
        String runId,
        String problemStatement,
        DatasetSummary dataset,
        String target,
        String task,
        String learner,
        Map<String, String> params,
        Map<String, Double> testMetrics,
        Map<String, Double> validationMetrics,
        List<Candidate> candidates,
        FairnessReport fairness,
        DriftReport drift,
        List<ShapFeature> topShapFeatures,
        List<Approval> approvals,
        Lineage lineage,
        Instant createdAt,
        String targetReason,
        List<DroppedColumn> droppedColumns) {

    /** A report that records no target reason and no dropped columns. */
    public RunReport(
            String runId,
            String problemStatement,
            DatasetSummary dataset,
            String target,
            String task,
            String learner,
            Map<String, String> params,
            Map<String, Double> testMetrics,
            Map<String, Double> validationMetrics,
            List<Candidate> candidates,
            FairnessReport fairness,
            DriftReport drift,
            List<ShapFeature> topShapFeatures,
            List<Approval> approvals,
            Lineage lineage,
            Instant createdAt) {
        this(
                runId,
                problemStatement,
                dataset,
                target,
                task,
                learner,
                params,
                testMetrics,
                validationMetrics,
                candidates,
                fairness,
                drift,
                topShapFeatures,
                approvals,
                lineage,
                createdAt,
                null,
                List.of());
    }

    public RunReport {
        requireText(runId, "run_id");
        requireText(target, "target");
        requireText(task, "task");
        requireText(learner, "learner");
        Objects.requireNonNull(dataset, "run report: dataset is required");
        Objects.requireNonNull(lineage, "run report: lineage is required");
        Objects.requireNonNull(createdAt, "run report: created_at is required");
        problemStatement = problemStatement == null ? "" : problemStatement;
        params = params == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(params));
        testMetrics = ordered(testMetrics);
        validationMetrics = ordered(validationMetrics);
        candidates = candidates == null ? List.of() : List.copyOf(candidates);
        topShapFeatures = topShapFeatures == null ? List.of() : List.copyOf(topShapFeatures);
        approvals = approvals == null ? List.of() : List.copyOf(approvals);
        droppedColumns = droppedColumns == null ? List.of() : List.copyOf(droppedColumns);
    }

    /** Name, size, checksum, splits and column profile of the dataset. */
    public record DatasetSummary(
            String name,
            String path,
            long rows,
            int columns,
            String sha256,
            long trainRows,
            long validationRows,
            long testRows,
            String splitMethod,
            Double positiveRate,
            List<ColumnProfile> profile) {

        public DatasetSummary {
            requireText(name, "dataset.name");
            profile = profile == null ? List.of() : List.copyOf(profile);
        }
    }

    /** One column of the data profile. */
    public record ColumnProfile(String name, String type, double missingShare, long distinct) {}

    /** One learner tried during model selection. */
    public record Candidate(String learner, Map<String, String> params, Map<String, Double> validationMetrics) {
        public Candidate {
            params = params == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(params));
            validationMetrics = ordered(validationMetrics);
        }
    }

    /** A feature's mean absolute SHAP value. */
    public record ShapFeature(String feature, double meanAbsShap) {}

    /** A human decision at a gate. */
    public record Approval(String gate, String who, Instant when, String decision, String rationale) {}

    /**
     * The lineage chain; {@code deploymentId} is null before deployment.
     *
     * @param deployed the registered chain through the deployment ({@code chain_for_deployment}),
     *                 or null when the run registered none or its record was not read
     */
    public record Lineage(String datasetId, String modelId, String deploymentId, Deployed deployed) {

        public Lineage(String datasetId, String modelId, String deploymentId) {
            this(datasetId, modelId, deploymentId, null);
        }
    }

    /**
     * What the lineage tables hold for a deployment: where it serves, the model's run and learner,
     * and the dataset's address, checksum and consent document (null once the dataset was erased).
     */
    public record Deployed(
            String environment,
            Integer trafficPct,
            String runId,
            String learner,
            String datasetUri,
            String datasetSha256,
            String consentDocRef) {}

    private static Map<String, Double> ordered(Map<String, Double> m) {
        return m == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(m));
    }

    private static void requireText(String value, String field) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("run report: " + field + " is required and must not be blank");
        }
    }
}
