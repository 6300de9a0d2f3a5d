package svc.http.pipelines;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;
import svc.core.run.RunService;
import svc.http.problem.ApiProblem;
import svc.http.server.Fields;

/**
 * The body of {@code POST /api/v1/pipelines}; {@code problem} is required, and exactly one of
 * {@code dataset_path} (a file the server can read) and {@code dataset_id} (an uploaded dataset).
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
record StartPipeline(
        String problem,
        String datasetPath,
        String datasetId,
        String target,
        List<String> sensitiveAttributes,
        String template,
        String profile,
        String workflow) {

    StartPipeline {
        Fields.required("problem", problem);
        if (datasetPath == null && datasetId == null) {
            throw ApiProblem.badRequest(
                    "dataset_path: is required (or dataset_id, a dataset uploaded with POST /api/v1/datasets)");
        }
        if (datasetPath != null && datasetId != null) {
            throw ApiProblem.badRequest("dataset_path, dataset_id: give one of them, not both");
        }
        if (datasetPath != null) {
            Fields.required("dataset_path", datasetPath);
        } else {
            Fields.required("dataset_id", datasetId);
        }
        sensitiveAttributes = Fields.texts("sensitive_attributes", sensitiveAttributes);
    }

    RunService.StartRequest request(String by) {
        return new RunService.StartRequest(
                problem, datasetPath, target, sensitiveAttributes, template, profile, workflow, by, null, datasetId);
    }
}
