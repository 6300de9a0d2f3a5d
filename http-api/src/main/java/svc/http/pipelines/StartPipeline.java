package svc.http.pipelines;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;
import svc.core.run.RunService;
import svc.http.server.Fields;

/** The body of {@code POST /api/v1/pipelines}; {@code problem} and {@code dataset_path} are required. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
record StartPipeline(
        String problem,
        String datasetPath,
        String target,
        List<String> sensitiveAttributes,
        String template,
        String profile,
        String workflow) {

    StartPipeline {
        Fields.required("problem", problem);
        Fields.required("dataset_path", datasetPath);
        sensitiveAttributes = Fields.texts("sensitive_attributes", sensitiveAttributes);
    }

    RunService.StartRequest request(String by) {
        return new RunService.StartRequest(
                problem, datasetPath, target, sensitiveAttributes, template, profile, workflow, by);
    }
}
