package svc.http.batch;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.entity;
import static org.apache.pekko.http.javadsl.server.Directives.extractWebSocketUpgrade;
import static org.apache.pekko.http.javadsl.server.Directives.handleWebSocketMessages;
import static org.apache.pekko.http.javadsl.server.Directives.onSuccess;
import static svc.http.server.Paging.paging;

import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.http.javadsl.model.ContentType;
import org.apache.pekko.http.javadsl.model.ContentTypes;
import org.apache.pekko.http.javadsl.model.HttpEntities;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.model.ws.Message;
import org.apache.pekko.http.javadsl.model.ws.TextMessage;
import org.apache.pekko.http.javadsl.server.Route;
import org.apache.pekko.stream.javadsl.Flow;
import org.apache.pekko.stream.javadsl.Sink;
import org.apache.pekko.stream.javadsl.StreamConverters;
import svc.config.features.FeatureRegistry;
import svc.core.batch.BatchService;
import svc.core.batch.BatchView;
import svc.governance.permission.Role;
import svc.http.problem.ApiProblem;
import svc.http.server.Call;
import svc.http.server.Endpoint;
import svc.http.server.Endpoint.Doc;
import svc.http.server.Endpoint.Query;
import svc.http.server.JsonSupport;
import svc.http.server.Page;

/**
 * Batch jobs: {@code POST /api/v1/batch} and {@code POST /api/v1/pipelines/{run_id}/batch} (202
 * with the batch), status, list, {@code results.jsonl} streamed from disk, the progress
 * WebSocket, resume and cancel. Submitting and resuming need the {@code batch_runner} flag; both
 * count against the batch limit (5 an hour per caller in production).
 */
public final class BatchEndpoints {

    private static final String FLAG = "batch_runner";
    private static final ContentType NDJSON = ContentTypes.parse("application/x-ndjson");

    private final BatchService batches;
    private final FeatureRegistry features;
    private final ActorSystem<?> system;
    private final Executor callbacks;
    private final int bound;

    public BatchEndpoints(BatchService batches, FeatureRegistry features, ActorSystem<?> system, int bound) {
        this.batches = batches;
        this.features = features;
        this.system = system;
        this.callbacks = system.executionContext();
        this.bound = bound;
    }

    public List<Endpoint> endpoints() {
        return List.of(
                new Endpoint(
                        "GET",
                        "/api/v1/batch",
                        Role.VIEWER,
                        "batch.list",
                        Doc.of("batch", "List batch jobs, newest first", "BatchList")
                                .query(Query.LIMIT, Query.OFFSET)
                                .errors(400, 401, 429),
                        this::list),
                new Endpoint(
                        "POST",
                        "/api/v1/batch",
                        Role.OPERATOR,
                        "batch.create",
                        Doc.of("batch", "Submit a batch job (inference, echo or custom) over JSONL records", "Batch")
                                .body("SubmitBatch")
                                .status(202)
                                .errors(400, 401, 403, 404, 409, 429),
                        this::submit),
                new Endpoint(
                        "POST",
                        "/api/v1/pipelines/{run_id}/batch",
                        Role.OPERATOR,
                        "batch.create_for_run",
                        Doc.of("batch", "Submit a batch inference job with the run's model", "Batch")
                                .body("RunBatch")
                                .status(202)
                                .errors(400, 401, 403, 404, 409, 429),
                        this::submitForRun),
                new Endpoint(
                        "GET",
                        "/api/v1/batch/{batch_id}",
                        Role.VIEWER,
                        "batch.get",
                        Doc.of("batch", "A batch job's status", "Batch").errors(401, 404, 429),
                        this::get),
                new Endpoint(
                        "DELETE",
                        "/api/v1/batch/{batch_id}",
                        Role.OPERATOR,
                        "batch.cancel",
                        Doc.of("batch", "Cancel a running batch job (its results so far stay)", "Batch")
                                .errors(401, 403, 404, 409, 429),
                        this::cancel),
                new Endpoint(
                        "GET",
                        "/api/v1/batch/{batch_id}/results",
                        Role.VIEWER,
                        "batch.results",
                        Doc.of("batch", "results.jsonl: one {index, output|error} line per input line, in order", null)
                                .media("application/x-ndjson")
                                .errors(401, 404, 429),
                        this::results),
                new Endpoint(
                        "POST",
                        "/api/v1/batch/{batch_id}/resume",
                        Role.OPERATOR,
                        "batch.resume",
                        Doc.of("batch", "Resume a failed or cancelled batch job from its last checkpoint", "Batch")
                                .errors(401, 403, 404, 409, 429),
                        this::resume),
                new Endpoint(
                        "WS",
                        "/api/v1/batch/{batch_id}/stream",
                        Role.VIEWER,
                        "batch.stream",
                        Doc.of(
                                        "batch",
                                        "WebSocket (token in ?token=): the batch's status, each record's completion,"
                                                + " each checkpoint and the final state; closes after it",
                                        "BatchMessage")
                                .status(101)
                                .query(new Query("token", "string", "access token"))
                                .errors(400, 401, 404),
                        this::stream));
    }

    private Route list(Call call) {
        return paging(page -> onSuccess(
                batches.list(page.limit(), page.offset()),
                found -> complete(
                        StatusCodes.OK,
                        Page.mapped(found.items(), BatchRecord::of, found.total(), found.limit(), found.offset()),
                        JsonSupport.json())));
    }

    private Route submit(Call call) {
        return entity(
                JsonSupport.body(SubmitBatch.class),
                body -> accepted(() -> batches.submit(body.request(call.caller().subject()))));
    }

    private Route submitForRun(Call call) {
        String runId = call.param("run_id");
        return entity(
                JsonSupport.body(RunBatch.class),
                body -> accepted(
                        () -> batches.submit(body.request(runId, call.caller().subject()))));
    }

    private Route accepted(Supplier<CompletionStage<BatchView>> submit) {
        requireFlag();
        return onSuccess(submit.get(), b -> complete(StatusCodes.ACCEPTED, BatchRecord.of(b), JsonSupport.json()));
    }

    private Route get(Call call) {
        return answer(batches.get(call.param("batch_id")));
    }

    private Route cancel(Call call) {
        return answer(batches.cancel(call.param("batch_id")));
    }

    private Route resume(Call call) {
        requireFlag();
        return answer(batches.resume(call.param("batch_id")));
    }

    private Route answer(CompletionStage<BatchView> stage) {
        return onSuccess(stage, b -> complete(StatusCodes.OK, BatchRecord.of(b), JsonSupport.json()));
    }

    private Route results(Call call) {
        // Streamed as the results are now (clear, or sealed parts opened on the way), whatever the
        // client's Accept says (a CLI asks for JSON); empty before the worker's first line.
        return onSuccess(
                batches.results(call.param("batch_id")),
                in -> complete(HttpResponse.create()
                        .withEntity(HttpEntities.createChunked(NDJSON, StreamConverters.fromInputStream(() -> in)))));
    }

    private Route stream(Call call) {
        String batchId = call.param("batch_id");
        return extractWebSocketUpgrade(upgrade -> onSuccess(
                batches.get(batchId)
                        .thenApplyAsync(now -> new BatchRelay(bound, system).start(batches.feed(), now), callbacks),
                source -> handleWebSocketMessages(Flow.fromSinkAndSourceCoupled(
                        Sink.<Message>ignore(), source.map(text -> (Message) TextMessage.create(text))))));
    }

    private void requireFlag() {
        if (!features.isEnabled(FLAG)) {
            throw ApiProblem.conflict("the " + FLAG + " feature is off; an admin can turn it on");
        }
    }
}
