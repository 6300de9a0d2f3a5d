package svc.http.approvals;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.entity;
import static org.apache.pekko.http.javadsl.server.Directives.onSuccess;
import static org.apache.pekko.http.javadsl.server.Directives.parameterOptional;
import static svc.http.server.Paging.paging;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.Route;
import svc.core.run.RunService;
import svc.governance.permission.Role;
import svc.http.pipelines.GateRecord;
import svc.http.pipelines.RunRecord;
import svc.http.problem.ApiProblem;
import svc.http.server.Call;
import svc.http.server.Endpoint;
import svc.http.server.Endpoint.Doc;
import svc.http.server.Endpoint.Query;
import svc.http.server.JsonSupport;
import svc.http.server.Page;

/** Human-in-the-loop gates: list them, approve or reject one with a rationale. */
public final class ApprovalEndpoints {

    private static final Set<String> STATES = Set.of("pending", "approved", "rejected", "expired");

    private final RunService runs;

    public ApprovalEndpoints(RunService runs) {
        this.runs = runs;
    }

    public List<Endpoint> endpoints() {
        return List.of(
                new Endpoint(
                        "GET",
                        "/api/v1/approvals",
                        Role.VIEWER,
                        "approvals.list",
                        Doc.of("approvals", "List approval gates", "GateList")
                                .query(
                                        new Query("state", "string", "pending, approved, rejected or expired"),
                                        new Query("run_id", "string", "only this run's gates"),
                                        Query.LIMIT,
                                        Query.OFFSET)
                                .errors(400, 401, 429),
                        this::list),
                new Endpoint(
                        "POST",
                        "/api/v1/approvals/{gate_id}",
                        Role.OPERATOR,
                        "approvals.decide",
                        Doc.of("approvals", "Approve or reject a gate; the run continues or ends", "Run")
                                .body("Decision")
                                .errors(400, 401, 403, 404, 409, 429),
                        this::decide));
    }

    private Route list(Call call) {
        return paging(page -> parameterOptional(
                "state",
                state -> parameterOptional("run_id", runId -> {
                    String wanted = nonBlank(state);
                    if (wanted != null && !STATES.contains(wanted)) {
                        throw ApiProblem.badRequest("state: must be one of "
                                + STATES.stream().sorted().toList() + ", got '" + wanted + "'");
                    }
                    return onSuccess(
                            runs.approvals(wanted, nonBlank(runId), page.limit(), page.offset()),
                            found -> complete(
                                    StatusCodes.OK,
                                    Page.mapped(
                                            found.items(),
                                            GateRecord::of,
                                            found.total(),
                                            found.limit(),
                                            found.offset()),
                                    JsonSupport.json()));
                })));
    }

    private Route decide(Call call) {
        String gateId = call.param("gate_id");
        return entity(
                JsonSupport.body(Decision.class),
                body -> onSuccess(
                        runs.decide(gateId, body.approve(), call.caller().subject(), body.rationale()),
                        view -> complete(StatusCodes.OK, RunRecord.of(view), JsonSupport.json())));
    }

    private static String nonBlank(Optional<String> raw) {
        return raw.map(String::strip).filter(s -> !s.isEmpty()).orElse(null);
    }
}
