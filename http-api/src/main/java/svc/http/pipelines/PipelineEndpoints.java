package svc.http.pipelines;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.entity;
import static org.apache.pekko.http.javadsl.server.Directives.onSuccess;
import static org.apache.pekko.http.javadsl.server.Directives.parameterOptional;
import static svc.http.server.Paging.paging;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import org.apache.pekko.http.javadsl.model.ContentType;
import org.apache.pekko.http.javadsl.model.ContentTypes;
import org.apache.pekko.http.javadsl.model.HttpEntities;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.model.headers.ETag;
import org.apache.pekko.http.javadsl.model.headers.EntityTag;
import org.apache.pekko.http.javadsl.server.Route;
import org.apache.pekko.stream.javadsl.StreamConverters;
import svc.core.run.RunService;
import svc.core.run.RunState;
import svc.core.run.RunView;
import svc.governance.permission.Role;
import svc.http.problem.ApiProblem;
import svc.http.server.Call;
import svc.http.server.Endpoint;
import svc.http.server.Endpoint.Doc;
import svc.http.server.Endpoint.Query;
import svc.http.server.JsonSupport;
import svc.http.server.Page;
import svc.persistence.Database;

/** Start, list, look up, cancel and resume runs; list and download their artefacts. */
public final class PipelineEndpoints {

    static final Set<String> STATES = Set.copyOf(RunState.wireNames());

    private final RunService runs;
    private final RunListing listing;
    private final Consumer<RunView> onStarted;

    /**
     * @param database the read side lists come from, read on {@code blocking}
     * @param onStarted told of every run started here (the run metrics learn its template and profile)
     */
    public PipelineEndpoints(RunService runs, Database database, Executor blocking, Consumer<RunView> onStarted) {
        this.runs = runs;
        this.listing = new RunListing(database, blocking);
        this.onStarted = onStarted;
    }

    public List<Endpoint> endpoints() {
        return List.of(
                new Endpoint(
                        "POST",
                        "/api/v1/pipelines",
                        Role.OPERATOR,
                        "pipelines.create",
                        Doc.of("pipelines", "Start a run from a problem statement and a dataset path", "Run")
                                .body("StartPipeline")
                                .status(202)
                                .errors(400, 401, 403, 429),
                        this::start),
                new Endpoint(
                        "GET",
                        "/api/v1/pipelines",
                        Role.VIEWER,
                        "pipelines.list",
                        Doc.of("pipelines", "List runs, newest first", "RunList")
                                .query(
                                        Query.LIMIT,
                                        Query.OFFSET,
                                        new Query("state", "string", "only runs in this state"))
                                .errors(400, 401, 429),
                        this::list),
                new Endpoint(
                        "GET",
                        "/api/v1/pipelines/{run_id}",
                        Role.VIEWER,
                        "pipelines.get",
                        Doc.of("pipelines", "One run record", "Run").errors(401, 404, 429),
                        call -> run(runs.get(call.param("run_id")))),
                new Endpoint(
                        "DELETE",
                        "/api/v1/pipelines/{run_id}",
                        Role.OPERATOR,
                        "pipelines.cancel",
                        Doc.of("pipelines", "Cancel a run (partial artefacts are kept)", "Run")
                                .errors(401, 403, 404, 409, 429),
                        call -> run(
                                runs.cancel(call.param("run_id"), call.caller().subject()))),
                new Endpoint(
                        "POST",
                        "/api/v1/pipelines/{run_id}/resume",
                        Role.OPERATOR,
                        "pipelines.resume",
                        Doc.of("pipelines", "Resume a paused run", "Run").errors(401, 403, 404, 409, 429),
                        call -> run(
                                runs.resume(call.param("run_id"), call.caller().subject()))),
                new Endpoint(
                        "GET",
                        "/api/v1/pipelines/{run_id}/artifacts",
                        Role.VIEWER,
                        "artifacts.list",
                        Doc.of("pipelines", "The run's artefact files with size and SHA-256", "ArtifactList")
                                .query(Query.LIMIT, Query.OFFSET)
                                .errors(400, 401, 404, 429),
                        this::artifacts),
                new Endpoint(
                        "GET",
                        "/api/v1/pipelines/{run_id}/artifacts/{name...}",
                        Role.VIEWER,
                        "artifacts.get",
                        Doc.of(
                                        "pipelines",
                                        "Download one artefact; the name may contain '/' (k8s/deployment.yaml)",
                                        null)
                                .media("application/octet-stream")
                                .errors(401, 404, 429),
                        this::artifact));
    }

    private static Route run(CompletionStage<RunView> view) {
        return onSuccess(view, v -> complete(StatusCodes.OK, RunRecord.of(v), JsonSupport.json()));
    }

    private Route start(Call call) {
        return entity(
                JsonSupport.body(StartPipeline.class),
                body -> onSuccess(runs.start(body.request(call.caller().subject())), view -> {
                    onStarted.accept(view);
                    return complete(StatusCodes.ACCEPTED, RunRecord.of(view), JsonSupport.json());
                }));
    }

    private Route list(Call call) {
        return paging(page -> parameterOptional(
                "state",
                state -> onSuccess(
                        listing.json(state(state), page),
                        json -> complete(HttpResponse.create()
                                .withStatus(StatusCodes.OK)
                                .withEntity(HttpEntities.create(ContentTypes.APPLICATION_JSON, json))))));
    }

    private static String state(Optional<String> raw) {
        String state = raw.map(String::strip).orElse(null);
        if (state != null && !STATES.contains(state)) {
            throw ApiProblem.badRequest(
                    "state: must be one of " + STATES.stream().sorted().toList() + ", got '" + state + "'");
        }
        return state;
    }

    private Route artifacts(Call call) {
        return paging(page -> onSuccess(
                runs.artifacts(call.param("run_id")),
                all -> complete(StatusCodes.OK, Page.of(all, page), JsonSupport.json())));
    }

    private Route artifact(Call call) {
        String runId = call.param("run_id");
        String name = call.param("name");
        // Streamed from the artefact store (a directory or S3) on the stream's blocking I/O dispatcher.
        return onSuccess(
                runs.artifact(runId, name),
                found -> found.map(a -> complete(HttpResponse.create()
                                .addHeader(ETag.create(EntityTag.create(a.sha256(), false)))
                                .withEntity(HttpEntities.create(
                                        contentType(name),
                                        a.size(),
                                        StreamConverters.fromInputStream(() -> runs.openArtifact(runId, name))))))
                        .orElseThrow(() -> ApiProblem.notFound("run " + runId + " has no artefact " + name)));
    }

    /** Content types by file name, so browsers show reports and download binaries. */
    static ContentType contentType(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
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
