package svc.http.registry;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.onSuccess;
import static org.apache.pekko.http.javadsl.server.Directives.parameterOptional;
import static svc.http.server.Paging.paging;

import java.util.List;
import java.util.Optional;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.Route;
import svc.core.registry.ModelRegistry;
import svc.governance.permission.Role;
import svc.http.problem.ApiProblem;
import svc.http.server.Call;
import svc.http.server.Endpoint;
import svc.http.server.Endpoint.Doc;
import svc.http.server.Endpoint.Query;
import svc.http.server.JsonSupport;
import svc.http.server.Page;

/**
 * The registry: models (list, detail), a model's evaluations per split, and two models compared.
 * Readable by every role that reads runs.
 */
public final class ModelEndpoints {

    private final ModelRegistry registry;

    public ModelEndpoints(ModelRegistry registry) {
        this.registry = registry;
    }

    public List<Endpoint> endpoints() {
        return List.of(
                new Endpoint(
                        "GET",
                        "/api/v1/models",
                        Role.VIEWER,
                        "models.list",
                        Doc.of("models", "List the models runs registered, newest first", "ModelList")
                                .query(
                                        Query.LIMIT,
                                        Query.OFFSET,
                                        new Query("run_id", "string", "only the models of this run"),
                                        new Query("dataset_id", "string", "only the models trained on this dataset"))
                                .errors(400, 401, 429),
                        this::list),
                new Endpoint(
                        "GET",
                        "/api/v1/models/{model_id}",
                        Role.VIEWER,
                        "models.get",
                        Doc.of(
                                        "models",
                                        "One model: metrics, fairness verdict, model card, run, dataset and lineage"
                                                + " chain",
                                        "ModelDetail")
                                .errors(401, 404, 429),
                        call -> onSuccess(
                                registry.get(call.param("model_id")),
                                d -> complete(StatusCodes.OK, ModelDetail.of(d), JsonSupport.json()))),
                new Endpoint(
                        "GET",
                        "/api/v1/evaluations",
                        Role.VIEWER,
                        "evaluations.list",
                        Doc.of(
                                        "models",
                                        "A model's evaluations per split: metrics; on the test split also fairness"
                                                + " and drift",
                                        "EvaluationList")
                                .query(
                                        new Query("model_id", "string", "the model (required)"),
                                        Query.LIMIT,
                                        Query.OFFSET)
                                .errors(400, 401, 404, 429),
                        this::evaluations),
                new Endpoint(
                        "GET",
                        "/api/v1/evaluations/compare",
                        Role.VIEWER,
                        "evaluations.compare",
                        Doc.of(
                                        "models",
                                        "Two models side by side; per-metric differences when both were tested on the"
                                                + " same test split",
                                        "Comparison")
                                .query(
                                        new Query("a", "string", "a model id (required)"),
                                        new Query("b", "string", "another model id (required)"))
                                .errors(400, 401, 404, 429),
                        this::compare));
    }

    private Route list(Call call) {
        return paging(page -> parameterOptional(
                "run_id",
                runId -> parameterOptional(
                        "dataset_id",
                        datasetId -> onSuccess(
                                registry.list(blankToNull(runId), blankToNull(datasetId), page.limit(), page.offset()),
                                found -> complete(
                                        StatusCodes.OK,
                                        Page.mapped(
                                                found.items(),
                                                ModelRecord::of,
                                                found.total(),
                                                found.limit(),
                                                found.offset()),
                                        JsonSupport.json())))));
    }

    private Route evaluations(Call call) {
        return paging(page -> parameterOptional(
                "model_id",
                modelId -> onSuccess(
                        registry.evaluations(required("model_id", modelId)),
                        all -> complete(
                                StatusCodes.OK,
                                Page.of(all.stream().map(EvaluationRecord::of).toList(), page),
                                JsonSupport.json()))));
    }

    private Route compare(Call call) {
        return parameterOptional(
                "a",
                a -> parameterOptional("b", b -> {
                    String first = required("a", a);
                    String second = required("b", b);
                    return onSuccess(
                            registry.compare(first, second),
                            c -> complete(StatusCodes.OK, ComparisonRecord.of(c), JsonSupport.json()));
                }));
    }

    private static String required(String name, Optional<String> value) {
        String v = blankToNull(value);
        if (v == null) {
            throw ApiProblem.badRequest(name + ": is required");
        }
        return v;
    }

    private static String blankToNull(Optional<String> value) {
        return value.map(String::strip).filter(s -> !s.isEmpty()).orElse(null);
    }
}
