package svc.http.catalog;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import svc.config.Json;
import svc.config.features.FeatureRegistry;
import svc.config.features.FeatureState;
import svc.core.agent.AgentDirectory;
import svc.core.agent.AgentProfile;
import svc.governance.permission.DenialRecord;
import svc.governance.permission.Role;
import svc.http.problem.ApiProblem;
import svc.http.server.Bodies;
import svc.http.server.Call;
import svc.http.server.Endpoint;
import svc.http.server.Envelope;
import svc.http.server.Paging;
import svc.http.server.Responses;
import svc.persistence.denials.DenialRepository;

/** The agent roster, the feature flags (admin changes them) and the permission denial log. */
public final class CatalogEndpoints {

    private final AgentDirectory agents;
    private final FeatureRegistry features;
    private final DenialRepository denials;
    private final java.util.concurrent.Executor blocking;

    public CatalogEndpoints(
            AgentDirectory agents,
            FeatureRegistry features,
            DenialRepository denials,
            java.util.concurrent.Executor blocking) {
        this.blocking = blocking;
        this.agents = agents;
        this.features = features;
        this.denials = denials;
    }

    public List<Endpoint> endpoints() {
        Endpoint.Query limit = new Endpoint.Query("limit", "integer", "page size, 1 to 1000 (default 50)");
        Endpoint.Query offset = new Endpoint.Query("offset", "integer", "records to skip (default 0)");
        return List.of(
                new Endpoint(
                        "GET",
                        "/api/v1/agents",
                        Role.VIEWER,
                        "agents.list",
                        new Endpoint.Doc(
                                "The agent roster: name, team, tier, model, tools, delegates",
                                "agents",
                                null,
                                200,
                                "AgentList",
                                null,
                                List.of(limit, offset),
                                List.of(400, 401, 429)),
                        this::agents),
                new Endpoint(
                        "GET",
                        "/api/v1/features",
                        Role.VIEWER,
                        "features.list",
                        new Endpoint.Doc(
                                "Every feature flag as resolved now",
                                "features",
                                null,
                                200,
                                "FeatureList",
                                null,
                                List.of(limit, offset),
                                List.of(400, 401, 429)),
                        call -> Responses.ok(Envelope.page(
                                features.list().stream()
                                        .map(CatalogEndpoints::feature)
                                        .toList(),
                                Paging.of(call)))),
                new Endpoint(
                        "POST",
                        "/api/v1/features",
                        Role.ADMIN,
                        "features.set",
                        new Endpoint.Doc(
                                "Override a flag at runtime: {name, enabled}",
                                "features",
                                "NamedFeatureChange",
                                200,
                                "Feature",
                                null,
                                List.of(),
                                List.of(400, 401, 403, 404, 422, 429)),
                        call -> call.jsonBody()
                                .thenApplyAsync(
                                        b -> set(Bodies.requiredText(b, "name"), Bodies.requiredBoolean(b, "enabled")),
                                        call.executor())),
                new Endpoint(
                        "GET",
                        "/api/v1/features/{name}",
                        Role.VIEWER,
                        "features.get",
                        new Endpoint.Doc(
                                "One feature flag",
                                "features",
                                null,
                                200,
                                "Feature",
                                null,
                                List.of(),
                                List.of(401, 404, 429)),
                        call -> Responses.ok(feature(features.get(call.param("name"))))),
                new Endpoint(
                        "POST",
                        "/api/v1/features/{name}",
                        Role.ADMIN,
                        "features.set.one",
                        new Endpoint.Doc(
                                "Override one flag at runtime: {enabled}",
                                "features",
                                "FeatureChange",
                                200,
                                "Feature",
                                null,
                                List.of(),
                                List.of(400, 401, 403, 404, 422, 429)),
                        call -> call.jsonBody()
                                .thenApplyAsync(
                                        b -> set(call.param("name"), Bodies.requiredBoolean(b, "enabled")),
                                        call.executor())),
                new Endpoint(
                        "DELETE",
                        "/api/v1/features/{name}",
                        Role.ADMIN,
                        "features.reset",
                        new Endpoint.Doc(
                                "Remove the runtime override (environment or default applies)",
                                "features",
                                null,
                                200,
                                "Feature",
                                null,
                                List.of(),
                                List.of(401, 403, 404, 429)),
                        call -> Responses.ok(feature(features.reset(call.param("name"))))),
                new Endpoint(
                        "GET",
                        "/api/v1/permissions/denials",
                        Role.ADMIN,
                        "permissions.denials",
                        new Endpoint.Doc(
                                "Permission denials, newest first",
                                "permissions",
                                null,
                                200,
                                "DenialList",
                                null,
                                List.of(
                                        new Endpoint.Query(
                                                "since", "string", "ISO-8601 instant; only denials at or after it"),
                                        new Endpoint.Query("tool", "string", "tool or endpoint class"),
                                        new Endpoint.Query("agent", "string", "agent or API user"),
                                        limit,
                                        offset),
                                List.of(400, 401, 403, 429)),
                        this::denials));
    }

    private CompletionStage<HttpResponse> agents(Call call) {
        List<ObjectNode> items = agents.all().stream()
                .sorted(Comparator.comparing(AgentProfile::name))
                .map(CatalogEndpoints::agent)
                .toList();
        return Responses.ok(Envelope.page(items, Paging.of(call)));
    }

    private static ObjectNode agent(AgentProfile a) {
        ObjectNode o = Json.object()
                .put("name", a.name())
                .put("team", a.team())
                .put("tier", a.tier().name().toLowerCase(java.util.Locale.ROOT));
        o.put("model", a.model()).put("provider", a.provider());
        a.tools().forEach(o.putArray("tools")::add);
        a.delegates().forEach(o.putArray("delegates")::add);
        if (!o.has("tools")) o.putArray("tools");
        if (!o.has("delegates")) o.putArray("delegates");
        return o;
    }

    private HttpResponse set(String name, boolean enabled) {
        return Responses.json(200, feature(features.set(name, enabled)));
    }

    private static ObjectNode feature(FeatureState s) {
        return Json.object()
                .put("name", s.name())
                .put("enabled", s.value())
                .put("tier", s.tier().name())
                .put("default", s.defaultValue())
                .put("source", s.source().name().toLowerCase(java.util.Locale.ROOT));
    }

    private CompletionStage<HttpResponse> denials(Call call) {
        Paging paging = Paging.of(call);
        Instant since;
        try {
            since = call.query("since")
                    .filter(s -> !s.isBlank())
                    .map(Instant::parse)
                    .orElse(null);
        } catch (DateTimeParseException e) {
            throw ApiProblem.badRequest("since: must be an ISO-8601 instant such as 2026-01-31T12:00:00Z");
        }
        String tool = call.query("tool").filter(s -> !s.isBlank()).orElse(null);
        String agent = call.query("agent").filter(s -> !s.isBlank()).orElse(null);
        return CompletableFuture.supplyAsync(
                () -> {
                    List<DenialRecord> found;
                    try {
                        found = denials.query(since, tool, agent, 100_000, 0);
                    } catch (java.sql.SQLException e) {
                        throw new IllegalStateException("could not read the denials: " + e.getMessage(), e);
                    }
                    List<ObjectNode> items = found.stream()
                            .map(d -> (ObjectNode) Json.MAPPER.valueToTree(d))
                            .toList();
                    return Responses.json(200, Envelope.page(items, paging));
                },
                blocking);
    }
}
