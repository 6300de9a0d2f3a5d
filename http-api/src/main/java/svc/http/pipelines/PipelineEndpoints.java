package svc.http.pipelines;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.apache.pekko.http.javadsl.model.ContentType;
import org.apache.pekko.http.javadsl.model.ContentTypes;
import org.apache.pekko.http.javadsl.model.HttpEntities;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import svc.config.Json;
import svc.core.run.RunService;
import svc.core.run.RunState;
import svc.core.run.RunView;
import svc.governance.permission.Role;
import svc.http.problem.ApiProblem;
import svc.http.server.Bodies;
import svc.http.server.Call;
import svc.http.server.Endpoint;
import svc.http.server.Envelope;
import svc.http.server.Paging;
import svc.http.server.Responses;
import svc.persistence.approvals.ApprovalRow;

/** Start, list, look up, cancel and resume runs; list and download their artefacts. */
public final class PipelineEndpoints {

    static final Set<String> STATES = Set.copyOf(RunState.wireNames());
    private static final Set<String> START_FIELDS =
            Set.of("problem", "dataset_path", "target", "sensitive_attributes", "template", "profile", "workflow");

    private final RunService runs;
    private final Executor callbacks;
    private final Consumer<RunView> onStarted;

    /** @param onStarted told of every run started here (the run metrics learn its template and profile) */
    public PipelineEndpoints(RunService runs, Executor callbacks, Consumer<RunView> onStarted) {
        this.runs = runs;
        this.callbacks = callbacks;
        this.onStarted = onStarted;
    }

    public List<Endpoint> endpoints() {
        List<Integer> read = List.of(401, 404, 429);
        return List.of(
                new Endpoint(
                        "POST",
                        "/api/v1/pipelines",
                        Role.OPERATOR,
                        "pipelines.create",
                        new Endpoint.Doc(
                                "Start a run from a problem statement and a dataset path",
                                "pipelines",
                                "StartPipeline",
                                202,
                                "Run",
                                null,
                                List.of(),
                                List.of(400, 401, 403, 429)),
                        this::start),
                new Endpoint(
                        "GET",
                        "/api/v1/pipelines",
                        Role.VIEWER,
                        "pipelines.list",
                        new Endpoint.Doc(
                                "List runs, newest first",
                                "pipelines",
                                null,
                                200,
                                "RunList",
                                null,
                                List.of(
                                        limit(),
                                        offset(),
                                        new Endpoint.Query("state", "string", "only runs in this state")),
                                List.of(400, 401, 429)),
                        this::list),
                new Endpoint(
                        "GET",
                        "/api/v1/pipelines/{run_id}",
                        Role.VIEWER,
                        "pipelines.get",
                        new Endpoint.Doc("One run record", "pipelines", null, 200, "Run", null, List.of(), read),
                        call -> runs.get(call.param("run_id"))
                                .thenApplyAsync(v -> Responses.json(200, RunJson.of(v)), callbacks)),
                new Endpoint(
                        "DELETE",
                        "/api/v1/pipelines/{run_id}",
                        Role.OPERATOR,
                        "pipelines.cancel",
                        new Endpoint.Doc(
                                "Cancel a run (partial artefacts are kept)",
                                "pipelines",
                                null,
                                200,
                                "Run",
                                null,
                                List.of(),
                                List.of(401, 403, 404, 409, 429)),
                        call -> runs.cancel(call.param("run_id"), call.caller().subject())
                                .thenApplyAsync(v -> Responses.json(200, RunJson.of(v)), callbacks)),
                new Endpoint(
                        "POST",
                        "/api/v1/pipelines/{run_id}/resume",
                        Role.OPERATOR,
                        "pipelines.resume",
                        new Endpoint.Doc(
                                "Resume a paused run",
                                "pipelines",
                                null,
                                200,
                                "Run",
                                null,
                                List.of(),
                                List.of(401, 403, 404, 409, 429)),
                        call -> runs.resume(call.param("run_id"), call.caller().subject())
                                .thenApplyAsync(v -> Responses.json(200, RunJson.of(v)), callbacks)),
                new Endpoint(
                        "GET",
                        "/api/v1/pipelines/{run_id}/artifacts",
                        Role.VIEWER,
                        "artifacts.list",
                        new Endpoint.Doc(
                                "The run's artefact files with size and SHA-256",
                                "pipelines",
                                null,
                                200,
                                "ArtifactList",
                                null,
                                List.of(limit(), offset()),
                                List.of(400, 401, 404, 429)),
                        this::artifacts),
                new Endpoint(
                        "GET",
                        "/api/v1/pipelines/{run_id}/artifacts/{name...}",
                        Role.VIEWER,
                        "artifacts.get",
                        new Endpoint.Doc(
                                "Download one artefact; the name may contain '/' (k8s/deployment.yaml)",
                                "pipelines",
                                null,
                                200,
                                null,
                                "application/octet-stream",
                                List.of(),
                                read),
                        this::artifact));
    }

    static Endpoint.Query limit() {
        return new Endpoint.Query("limit", "integer", "page size, 1 to 1000 (default 50)");
    }

    static Endpoint.Query offset() {
        return new Endpoint.Query("offset", "integer", "records to skip (default 0)");
    }

    private CompletionStage<HttpResponse> start(Call call) {
        return call.jsonBody()
                .thenComposeAsync(body -> runs.start(request(body, call.caller().subject())), callbacks)
                .thenApplyAsync(
                        view -> {
                            onStarted.accept(view);
                            return Responses.json(202, RunJson.of(view));
                        },
                        callbacks);
    }

    private static RunService.StartRequest request(JsonNode body, String by) {
        List<String> unknown = iterable(body.fieldNames()).stream()
                .filter(f -> !START_FIELDS.contains(f))
                .toList();
        if (!unknown.isEmpty()) {
            throw ApiProblem.badRequest("unknown field(s) " + unknown + "; accepted: "
                    + START_FIELDS.stream().sorted().toList());
        }
        return new RunService.StartRequest(
                Bodies.requiredText(body, "problem"),
                Bodies.requiredText(body, "dataset_path"),
                Bodies.optionalText(body, "target"),
                Bodies.optionalTextList(body, "sensitive_attributes"),
                Bodies.optionalText(body, "template"),
                Bodies.optionalText(body, "profile"),
                Bodies.optionalText(body, "workflow"),
                by);
    }

    private static List<String> iterable(java.util.Iterator<String> it) {
        List<String> out = new java.util.ArrayList<>();
        it.forEachRemaining(out::add);
        return out;
    }

    private CompletionStage<HttpResponse> list(Call call) {
        Paging paging = Paging.of(call);
        String state = call.query("state").map(String::strip).orElse(null);
        if (state != null && !STATES.contains(state)) {
            throw ApiProblem.badRequest(
                    "state: must be one of " + STATES.stream().sorted().toList() + ", got '" + state + "'");
        }
        return runs.list(state, paging.limit(), paging.offset())
                .thenCombineAsync(
                        runs.approvals("pending", null, Paging.MAX_LIMIT, 0),
                        (page, gates) -> {
                            Map<String, List<ApprovalRow>> byRun =
                                    gates.items().stream().collect(Collectors.groupingBy(ApprovalRow::runId));
                            List<ObjectNode> items = page.items().stream()
                                    .map(r -> RunJson.of(r, byRun.getOrDefault(r.runId(), List.of())))
                                    .toList();
                            return Responses.json(200, Envelope.of(items, page.total(), page.limit(), page.offset()));
                        },
                        callbacks);
    }

    private CompletionStage<HttpResponse> artifacts(Call call) {
        Paging paging = Paging.of(call);
        return runs.artifacts(call.param("run_id"))
                .thenApplyAsync(
                        all -> {
                            List<ObjectNode> items = all.stream()
                                    .map(a -> Json.object()
                                            .put("name", a.name())
                                            .put("size", a.size())
                                            .put("sha256", a.sha256()))
                                    .toList();
                            return Responses.json(200, Envelope.page(items, paging));
                        },
                        callbacks);
    }

    private CompletionStage<HttpResponse> artifact(Call call) {
        String runId = call.param("run_id");
        String name = call.param("name");
        return java.util.concurrent.CompletableFuture.supplyAsync(
                () -> {
                    Path file = runs.artifactFile(runId, name)
                            .orElseThrow(() -> ApiProblem.notFound("run " + runId + " has no artefact " + name));
                    return HttpResponse.create().withEntity(HttpEntities.create(contentType(name), file));
                },
                callbacks);
    }

    /** Content types by file name, so browsers show reports and download binaries. */
    static ContentType contentType(String name) {
        String lower = name.toLowerCase(java.util.Locale.ROOT);
        String file = lower.substring(lower.lastIndexOf('/') + 1);
        if (lower.endsWith(".json")) return ContentTypes.APPLICATION_JSON;
        if (lower.endsWith(".jsonl")) return ContentTypes.parse("application/x-ndjson");
        if (lower.endsWith(".md")) return ContentTypes.parse("text/markdown; charset=UTF-8");
        if (lower.endsWith(".yaml") || lower.endsWith(".yml")) return ContentTypes.parse("application/yaml");
        if (lower.endsWith(".pdf")) return ContentTypes.parse("application/pdf");
        if (lower.endsWith(".csv")) return ContentTypes.TEXT_CSV_UTF8;
        if (lower.endsWith(".txt") || lower.endsWith(".log") || file.equals("dockerfile"))
            return ContentTypes.TEXT_PLAIN_UTF8;
        return ContentTypes.APPLICATION_OCTET_STREAM;
    }
}
