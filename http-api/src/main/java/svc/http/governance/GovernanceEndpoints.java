package svc.http.governance;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.entity;
import static org.apache.pekko.http.javadsl.server.Directives.onSuccess;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.Route;
import svc.config.Json;
import svc.core.erasure.SubjectErasure;
import svc.core.tools.ToolInvoker;
import svc.core.tools.ToolResult;
import svc.governance.erasure.ErasureReceipt;
import svc.governance.permission.Role;
import svc.http.governance.GovernanceBodies.ErasureResult;
import svc.http.governance.GovernanceBodies.ToolInvocation;
import svc.http.governance.GovernanceBodies.ToolInvocationResult;
import svc.http.problem.ApiProblem;
import svc.http.server.Call;
import svc.http.server.Endpoint;
import svc.http.server.Endpoint.Doc;
import svc.http.server.JsonSupport;

/**
 * Governance on the API: one tool call through the permission engine and the guardrails
 * ({@code POST /api/v1/tools/invoke}; a denial is a 403 naming its rule source), and subject
 * erasure (G15: a dry-run preview and the erasure itself, admin only, both answering
 * {@code {dry_run, receipt}}).
 */
public final class GovernanceEndpoints {

    private final ToolInvoker tools;
    private final SubjectErasure erasure;

    public GovernanceEndpoints(ToolInvoker tools, SubjectErasure erasure) {
        this.tools = tools;
        this.erasure = erasure;
    }

    public List<Endpoint> endpoints() {
        return List.of(
                new Endpoint(
                        "POST",
                        "/api/v1/tools/invoke",
                        Role.OPERATOR,
                        "tools.invoke",
                        Doc.of(
                                        "governance",
                                        "Run one tool as an agent, through the permission engine and the guardrails:"
                                                + " {agent, tool, arguments, run_id?}",
                                        "ToolInvocationResult")
                                .body("ToolInvocation")
                                .errors(400, 401, 403, 404, 429),
                        this::invoke),
                new Endpoint(
                        "GET",
                        "/api/v1/subjects/{id}/preview",
                        Role.ADMIN,
                        "subjects.preview",
                        Doc.of(
                                        "governance",
                                        "What erasing a subject would delete (dry run); nothing changes",
                                        "ErasureResult")
                                .errors(400, 401, 403, 429),
                        call -> receipt(erasure.preview(subject(call)))),
                new Endpoint(
                        "DELETE",
                        "/api/v1/subjects/{id}",
                        Role.ADMIN,
                        "subjects.erase",
                        Doc.of(
                                        "governance",
                                        "Erase a subject: lineage datasets of its consent, its data rows,"
                                                + " tombstoned conversation lines",
                                        "ErasureResult")
                                .errors(400, 401, 403, 429),
                        call -> receipt(erasure.erase(subject(call)))));
    }

    private Route invoke(Call call) {
        return entity(JsonSupport.body(ToolInvocation.class), body -> {
            CompletionStage<ToolInvoker.Outcome> outcome;
            try {
                outcome = tools.invoke(body.runId(), body.agent(), body.tool(), body.arguments());
            } catch (ToolInvoker.UnknownName e) {
                throw ApiProblem.notFound(e.getMessage());
            }
            return onSuccess(outcome, o -> {
                if (o instanceof ToolInvoker.Denied denied) {
                    throw ApiProblem.denied(
                            body.tool() + " denied for " + body.agent() + ": " + denied.reason(), denied.ruleSource());
                }
                ToolResult result = ((ToolInvoker.Completed) o).result();
                return complete(
                        StatusCodes.OK,
                        new ToolInvocationResult(
                                body.agent(), body.tool(), result.ok(), parse(result.contentJson()), result.facts()),
                        JsonSupport.json());
            });
        });
    }

    private static Route receipt(CompletionStage<ErasureReceipt> receipt) {
        return onSuccess(receipt, r -> complete(StatusCodes.OK, new ErasureResult(r.dryRun(), r), JsonSupport.json()));
    }

    /** The subject id from the path; a blank one is a 400 (the erasure would match nothing sensible). */
    private static String subject(Call call) {
        String id = call.param("id");
        if (id == null || id.isBlank()) {
            throw ApiProblem.badRequest("id: the subject id must not be blank");
        }
        return id;
    }

    /** A tool's result document; one that is not JSON is passed on as a string. */
    private static JsonNode parse(String json) {
        try {
            return Json.parse(json);
        } catch (IllegalArgumentException e) {
            return Json.MAPPER.getNodeFactory().textNode(json);
        }
    }
}
