package svc.http.approvals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import svc.core.readside.ApprovalJson;
import svc.core.run.RunService;
import svc.governance.permission.Role;
import svc.http.pipelines.RunJson;
import svc.http.problem.ApiProblem;
import svc.http.server.Bodies;
import svc.http.server.Call;
import svc.http.server.Endpoint;
import svc.http.server.Envelope;
import svc.http.server.Paging;
import svc.http.server.Responses;

/** Human-in-the-loop gates: list them, approve or reject one with a rationale. */
public final class ApprovalEndpoints {

    private static final Set<String> STATES = Set.of("pending", "approved", "rejected", "expired");

    private final RunService runs;
    private final Executor callbacks;

    public ApprovalEndpoints(RunService runs, Executor callbacks) {
        this.runs = runs;
        this.callbacks = callbacks;
    }

    public List<Endpoint> endpoints() {
        return List.of(
                new Endpoint(
                        "GET",
                        "/api/v1/approvals",
                        Role.VIEWER,
                        "approvals.list",
                        new Endpoint.Doc(
                                "List approval gates",
                                "approvals",
                                null,
                                200,
                                "GateList",
                                null,
                                List.of(
                                        new Endpoint.Query("state", "string", "pending, approved, rejected or expired"),
                                        new Endpoint.Query("run_id", "string", "only this run's gates"),
                                        new Endpoint.Query("limit", "integer", "page size, 1 to 1000 (default 50)"),
                                        new Endpoint.Query("offset", "integer", "records to skip (default 0)")),
                                List.of(400, 401, 429)),
                        this::list),
                new Endpoint(
                        "POST",
                        "/api/v1/approvals/{gate_id}",
                        Role.OPERATOR,
                        "approvals.decide",
                        new Endpoint.Doc(
                                "Approve or reject a gate; the run continues or ends",
                                "approvals",
                                "Decision",
                                200,
                                "Run",
                                null,
                                List.of(),
                                List.of(400, 401, 403, 404, 409, 429)),
                        this::decide));
    }

    private CompletionStage<HttpResponse> list(Call call) {
        Paging paging = Paging.of(call);
        String state =
                call.query("state").map(String::strip).filter(s -> !s.isEmpty()).orElse(null);
        if (state != null && !STATES.contains(state)) {
            throw ApiProblem.badRequest(
                    "state: must be one of " + STATES.stream().sorted().toList() + ", got '" + state + "'");
        }
        String runId = call.query("run_id")
                .map(String::strip)
                .filter(s -> !s.isEmpty())
                .orElse(null);
        return runs.approvals(state, runId, paging.limit(), paging.offset())
                .thenApplyAsync(
                        page -> {
                            List<ObjectNode> items =
                                    page.items().stream().map(ApprovalJson::of).toList();
                            return Responses.json(200, Envelope.of(items, page.total(), page.limit(), page.offset()));
                        },
                        callbacks);
    }

    private CompletionStage<HttpResponse> decide(Call call) {
        String gateId = call.param("gate_id");
        return call.jsonBody()
                .thenComposeAsync(
                        body -> {
                            String decision = Bodies.requiredText(body, "decision");
                            if (!decision.equals("approve") && !decision.equals("reject")) {
                                throw ApiProblem.badRequest(
                                        "decision: must be approve or reject, got '" + decision + "'");
                            }
                            String rationale = Bodies.optionalText(body, "rationale");
                            return runs.decide(
                                    gateId,
                                    decision.equals("approve"),
                                    call.caller().subject(),
                                    rationale == null ? "" : rationale);
                        },
                        callbacks)
                .thenApplyAsync(view -> Responses.json(200, RunJson.of(view)), callbacks);
    }
}
