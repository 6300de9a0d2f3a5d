package svc.http.pipelines;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.onSuccess;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executor;
import org.apache.pekko.http.javadsl.model.ContentTypes;
import org.apache.pekko.http.javadsl.model.HttpEntities;
import org.apache.pekko.http.javadsl.server.Route;
import svc.config.Json;
import svc.core.run.RunErrors;
import svc.core.run.RunService;
import svc.core.run.WorkflowCodec;
import svc.governance.permission.Role;
import svc.http.server.Call;
import svc.http.server.Endpoint;
import svc.http.server.Endpoint.Doc;
import svc.library.asset.AssetRef;
import svc.library.asset.Library;
import svc.library.workflow.PipelineConfigResolver;
import svc.library.workflow.Workflow;
import svc.library.workflow.WorkflowLoader;

/**
 * {@code GET /api/v1/pipelines/{run_id}/workflow}: the graph a run follows ({@code name, start,
 * nodes, edges} as the run's first event stores it, see {@link WorkflowCodec}), which the
 * dashboard draws with the run's {@code current_node}. The run's brief ({@code run.json}) names
 * where the workflow came from: a versioned library asset ({@code workflow/<name>@vX.Y.Z},
 * immutable, so it is the graph the run started with) or a customer file, read again here.
 */
public final class RunWorkflowEndpoints {

    private final RunService runs;
    private final Library library;
    private final Executor blocking;

    public RunWorkflowEndpoints(RunService runs, Library library, Executor blocking) {
        this.runs = runs;
        this.library = library;
        this.blocking = blocking;
    }

    public List<Endpoint> endpoints() {
        return List.of(new Endpoint(
                "GET",
                "/api/v1/pipelines/{run_id}/workflow",
                Role.VIEWER,
                "pipelines.workflow",
                Doc.of("pipelines", "The workflow graph the run follows: start, nodes and edges", "WorkflowGraph")
                        .errors(400, 401, 404, 429),
                this::workflow));
    }

    private Route workflow(Call call) {
        String runId = call.param("run_id");
        return onSuccess(
                runs.get(runId).thenApplyAsync(view -> WorkflowCodec.toJson(resolve(runId)), blocking),
                json -> complete(HttpEntities.create(ContentTypes.APPLICATION_JSON, json)));
    }

    private Workflow resolve(String runId) {
        JsonNode brief;
        try (InputStream in = runs.openArtifact(runId, "run.json")) {
            brief = Json.MAPPER.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the brief of " + runId, e);
        }
        String source = brief.path("workflow_source").asText("");
        String origin = brief.path("workflow_origin").asText("");
        if (origin.isEmpty()) {
            throw new RunErrors.NotFound("run " + runId + " does not name its workflow");
        }
        boolean file =
                source.equals(PipelineConfigResolver.Source.EXPLICIT_PATH.name().toLowerCase())
                        || source.equals(
                                PipelineConfigResolver.Source.LEGACY_FILE.name().toLowerCase());
        return file
                ? WorkflowLoader.fromFile(Path.of(origin))
                : WorkflowLoader.fromLibrary(library, AssetRef.parse(origin));
    }
}
