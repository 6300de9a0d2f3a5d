package svc.http.deployments;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.entity;
import static org.apache.pekko.http.javadsl.server.Directives.extractWebSocketUpgrade;
import static org.apache.pekko.http.javadsl.server.Directives.handleWebSocketMessages;
import static org.apache.pekko.http.javadsl.server.Directives.onSuccess;
import static svc.http.server.Paging.paging;

import java.util.List;
import java.util.concurrent.Executor;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.model.ws.Message;
import org.apache.pekko.http.javadsl.model.ws.TextMessage;
import org.apache.pekko.http.javadsl.server.Route;
import org.apache.pekko.stream.javadsl.Flow;
import org.apache.pekko.stream.javadsl.Sink;
import svc.core.deploy.DeploymentService;
import svc.core.deploy.InferenceService;
import svc.governance.permission.Role;
import svc.http.server.Call;
import svc.http.server.Endpoint;
import svc.http.server.Endpoint.Doc;
import svc.http.server.Endpoint.Query;
import svc.http.server.JsonSupport;
import svc.http.server.Page;

/**
 * Deployments of models by name: list the names, deploy (201 with the deployment), promote and
 * retire (the name's deployments and history after the change), read a name's deployments and
 * history, its live figures, and its event stream. Deploying and promoting are governed (see
 * {@link DeploymentService}): a refusal is a 403 naming the rule source ({@code Problems}).
 */
public final class DeploymentEndpoints {

    private final DeploymentService deployments;
    private final InferenceService inference;
    private final ActorSystem<?> system;
    private final Executor callbacks;
    private final int bound;

    public DeploymentEndpoints(
            DeploymentService deployments, InferenceService inference, ActorSystem<?> system, int bound) {
        this.deployments = deployments;
        this.inference = inference;
        this.system = system;
        this.callbacks = system.executionContext();
        this.bound = bound;
    }

    public List<Endpoint> endpoints() {
        return List.of(
                new Endpoint(
                        "GET",
                        "/api/v1/deployments",
                        Role.VIEWER,
                        "deployments.list",
                        Doc.of("deployments", "List model names with their champions", "ModelNameList")
                                .query(Query.LIMIT, Query.OFFSET)
                                .errors(400, 401, 429),
                        this::list),
                new Endpoint(
                        "GET",
                        "/api/v1/deployments/{model}",
                        Role.VIEWER,
                        "deployments.get",
                        Doc.of(
                                        "deployments",
                                        "A model name's deployments and their history, newest first",
                                        "ModelDeployments")
                                .errors(401, 404, 429),
                        this::get),
                new Endpoint(
                        "POST",
                        "/api/v1/deployments/{model}",
                        Role.OPERATOR,
                        "deployments.create",
                        Doc.of(
                                        "deployments",
                                        "Deploy a saved model under the name as champion, challenger (traffic share,"
                                                + " optional canary rule) or shadow",
                                        "Deployment")
                                .body("NewDeployment")
                                .status(201)
                                .errors(400, 401, 403, 404, 409, 429),
                        this::deploy),
                new Endpoint(
                        "POST",
                        "/api/v1/deployments/{model}/{deployment_id}/promote",
                        Role.OPERATOR,
                        "deployments.promote",
                        Doc.of(
                                        "deployments",
                                        "Make a challenger (or shadow) the champion, retiring the champion in the"
                                                + " same event",
                                        "ModelDeployments")
                                .errors(401, 403, 404, 409, 429),
                        this::promote),
                new Endpoint(
                        "POST",
                        "/api/v1/deployments/{model}/{deployment_id}/retire",
                        Role.OPERATOR,
                        "deployments.retire",
                        Doc.of("deployments", "Retire a deployment", "ModelDeployments")
                                .errors(401, 403, 404, 409, 429),
                        this::retire),
                new Endpoint(
                        "GET",
                        "/api/v1/deployments/{model}/metrics",
                        Role.VIEWER,
                        "deployments.metrics",
                        Doc.of(
                                        "deployments",
                                        "Live figures per deployment (accuracy, Brier score or mean absolute error,"
                                                + " shadow agreement) and each challenger tested against the champion",
                                        "LiveFigures")
                                .errors(401, 404, 429),
                        this::figures),
                new Endpoint(
                        "WS",
                        "/api/v1/deployments/{model}/events",
                        Role.VIEWER,
                        "deployments.events",
                        Doc.of(
                                        "deployments",
                                        "WebSocket (token in ?token=): the name's deployments, then deployment"
                                                + " changes, canary decisions, traffic counts, shadow agreement and"
                                                + " drift alerts as they happen",
                                        "DeploymentMessage")
                                .status(101)
                                .query(new Query("token", "string", "access token"))
                                .errors(400, 401, 404),
                        this::events));
    }

    private Route list(Call call) {
        return paging(page -> onSuccess(
                deployments.list(page.limit(), page.offset()),
                found -> complete(
                        StatusCodes.OK,
                        Page.mapped(found.items(), ModelName::of, found.total(), found.limit(), found.offset()),
                        JsonSupport.json())));
    }

    private Route get(Call call) {
        return onSuccess(
                deployments.get(call.param("model")),
                v -> complete(StatusCodes.OK, ModelDeployments.of(v), JsonSupport.json()));
    }

    private Route deploy(Call call) {
        return entity(
                JsonSupport.body(NewDeployment.class),
                body -> onSuccess(
                        deployments.deploy(
                                call.param("model"), body.request(call.caller().subject())),
                        d -> complete(StatusCodes.CREATED, DeploymentRecord.of(d), JsonSupport.json())));
    }

    private Route promote(Call call) {
        return onSuccess(
                deployments.promote(
                        call.param("model"),
                        call.param("deployment_id"),
                        call.caller().subject()),
                v -> complete(StatusCodes.OK, ModelDeployments.of(v), JsonSupport.json()));
    }

    private Route retire(Call call) {
        return onSuccess(
                deployments.retire(
                        call.param("model"),
                        call.param("deployment_id"),
                        call.caller().subject()),
                v -> complete(StatusCodes.OK, ModelDeployments.of(v), JsonSupport.json()));
    }

    private Route figures(Call call) {
        return onSuccess(inference.figures(call.param("model")), f -> complete(StatusCodes.OK, f, JsonSupport.json()));
    }

    private Route events(Call call) {
        String model = call.param("model");
        return extractWebSocketUpgrade(upgrade -> onSuccess(
                deployments
                        .get(model)
                        .thenApplyAsync(
                                now -> new DeploymentRelay(bound, system).start(inference.events(), now), callbacks),
                source -> handleWebSocketMessages(Flow.fromSinkAndSourceCoupled(
                        Sink.<Message>ignore(), source.map(text -> (Message) TextMessage.create(text))))));
    }
}
