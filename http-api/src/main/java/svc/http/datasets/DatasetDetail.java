package svc.http.datasets;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Instant;
import java.util.List;
import svc.core.datasets.DatasetService;

/** {@code GET /api/v1/datasets/{dataset_id}}: the dataset, the runs that read it and the models trained on it. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
record DatasetDetail(@JsonUnwrapped DatasetRecord dataset, List<RunRef> runs, List<ModelRef> models) {

    /** A run that read the dataset. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record RunRef(String runId, String state, String template, Instant createdAt) {}

    /** A model trained on it. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record ModelRef(String modelId, String runId, String learner, Instant createdAt) {}

    static DatasetDetail of(DatasetService.Detail d) {
        return new DatasetDetail(
                DatasetRecord.of(d.dataset()),
                d.runs().stream()
                        .map(r -> new RunRef(r.runId(), r.state(), r.template(), r.createdAt()))
                        .toList(),
                d.models().stream()
                        .map(m -> new ModelRef(m.modelId(), m.runId(), m.learner(), m.createdAt()))
                        .toList());
    }
}
