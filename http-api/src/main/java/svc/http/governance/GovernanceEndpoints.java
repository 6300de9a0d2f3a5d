package svc.http.governance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import svc.config.Json;
import svc.core.erasure.SubjectErasure;
import svc.core.tools.ToolInvoker;
import svc.governance.erasure.ErasureReceipt;
import svc.governance.permission.Role;
import svc.http.problem.ApiProblem;
import svc.http.server.Bodies;
import svc.http.server.Call;
import svc.http.server.Endpoint;
import svc.http.server.Responses;

/**
 * Governance on the API: one tool call through the permission engine and the guardrails
 * ({@code POST /api/v1/tools/invoke}; a denial is a 403 naming its rule source), and subject
 * erasure (G15: a dry-run preview and the erasure itself, admin only, both answering
 * {@code {dry_run, receipt}}).
 */
public final class GovernanceEndpoints {

    private final ToolInvoker tools;
    private final SubjectErasure erasure;
    private final Executor callbacks;

    public GovernanceEndpoints(ToolInvoker tools, SubjectErasure erasure, Executor callbacks) {
        this.tools = tools;
        this.erasure = erasure;
        this.callbacks = callbacks;
    }

    public List<Endpoint> endpoints() {
        return List.of(
                new Endpoint(
                        "POST",
                        "/api/v1/tools/invoke",
                        Role.OPERATOR,
                        "tools.invoke",
                        new Endpoint.Doc(
                                "Run one tool as an agent, through the permission engine and the guardrails: {agent, tool, arguments, run_id?}",
                                "governance",
                                "ToolInvocation",
                                200,
                                "ToolInvocationResult",
                                null,
                                List.of(),
                                List.of(400, 401, 403, 404, 429)),
                        this::invoke),
                new Endpoint(
                        "GET",
                        "/api/v1/subjects/{id}/preview",
                        Role.ADMIN,
                        "subjects.preview",
                        new Endpoint.Doc(
                                "What erasing a subject would delete (dry run); nothing changes",
                                "governance",
                                null,
                                200,
                                "ErasureResult",
                                null,
                                List.of(),
                                List.of(400, 401, 403, 429)),
                        call -> receipt(erasure.preview(subject(call)))),
                new Endpoint(
                        "DELETE",
                        "/api/v1/subjects/{id}",
                        Role.ADMIN,
                        "subjects.erase",
                        new Endpoint.Doc(
                                "Erase a subject: lineage datasets of its consent, its data rows, tombstoned conversation lines",
                                "governance",
                                null,
                                200,
                                "ErasureResult",
                                null,
                                List.of(),
                                List.of(400, 401, 403, 429)),
                        call -> receipt(erasure.erase(subject(call)))));
    }

    private CompletionStage<HttpResponse> invoke(Call call) {
        return call.jsonBody()
                .thenComposeAsync(
                        body -> {
                            String agent = Bodies.requiredText(body, "agent");
                            String tool = Bodies.requiredText(body, "tool");
                            JsonNode arguments = body.path("arguments");
                            if (!arguments.isMissingNode() && !arguments.isNull() && !arguments.isObject()) {
                                throw ApiProblem.badRequest("arguments: must be a JSON object");
                            }
                            try {
                                return tools.invoke(
                                                Bodies.optionalText(body, "run_id"),
                                                agent,
                                                tool,
                                                arguments.isObject() ? arguments : null)
                                        .thenApplyAsync(
                                                outcome -> {
                                                    if (outcome instanceof ToolInvoker.Denied denied) {
                                                        throw ApiProblem.denied(
                                                                tool + " denied for " + agent + ": " + denied.reason(),
                                                                denied.ruleSource());
                                                    }
                                                    var result = ((ToolInvoker.Completed) outcome).result();
                                                    ObjectNode out = Json.object()
                                                            .put("agent", agent)
                                                            .put("tool", tool)
                                                            .put("ok", result.ok());
                                                    out.set("result", parse(result.contentJson()));
                                                    out.set("facts", Json.MAPPER.valueToTree(result.facts()));
                                                    return Responses.json(200, out);
                                                },
                                                callbacks);
                            } catch (ToolInvoker.UnknownName e) {
                                throw ApiProblem.notFound(e.getMessage());
                            }
                        },
                        callbacks);
    }

    private CompletionStage<HttpResponse> receipt(CompletionStage<ErasureReceipt> receipt) {
        return receipt.thenApplyAsync(
                r -> {
                    ObjectNode out = Json.object().put("dry_run", r.dryRun());
                    out.set("receipt", Json.MAPPER.valueToTree(r));
                    return Responses.json(200, out);
                },
                callbacks);
    }

    /** The subject id from the path; a blank one is a 400 (the erasure would match nothing sensible). */
    private static String subject(Call call) {
        String id = call.param("id");
        if (id == null || id.isBlank()) {
            throw ApiProblem.badRequest("id: the subject id must not be blank");
        }
        return id;
    }

    private static JsonNode parse(String json) {
        try {
            return Json.parse(json);
        } catch (IllegalArgumentException e) {
            return Json.MAPPER.getNodeFactory().textNode(json);
        }
    }
}
