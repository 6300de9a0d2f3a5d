package svc.http.catalog;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.entity;
import static org.apache.pekko.http.javadsl.server.Directives.onSuccess;
import static org.apache.pekko.http.javadsl.server.Directives.parameterOptional;
import static svc.http.server.Paging.paging;

import java.sql.SQLException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.Route;
import svc.config.features.FeatureRegistry;
import svc.config.features.FeatureState;
import svc.core.agent.AgentDirectory;
import svc.core.agent.AgentProfile;
import svc.governance.permission.DenialRecord;
import svc.governance.permission.Role;
import svc.http.catalog.CatalogBodies.Agent;
import svc.http.catalog.CatalogBodies.Feature;
import svc.http.catalog.CatalogBodies.FeatureChange;
import svc.http.catalog.CatalogBodies.NamedFeatureChange;
import svc.http.problem.ApiProblem;
import svc.http.server.Call;
import svc.http.server.Endpoint;
import svc.http.server.Endpoint.Doc;
import svc.http.server.Endpoint.Query;
import svc.http.server.JsonSupport;
import svc.http.server.Page;
import svc.persistence.denials.DenialRepository;

/** The agent roster, the feature flags (admin changes them) and the permission denial log. */
public final class CatalogEndpoints {

    private final List<Agent> roster;
    private final FeatureRegistry features;
    private final SharedFeatures shared;
    private final DenialRepository denials;
    private final Executor blocking;

    public CatalogEndpoints(AgentDirectory agents, SharedFeatures shared, DenialRepository denials, Executor blocking) {
        this.roster = agents.all().stream()
                .sorted(Comparator.comparing(AgentProfile::name))
                .map(Agent::of)
                .toList();
        this.features = shared.registry();
        this.shared = shared;
        this.denials = denials;
        this.blocking = blocking;
    }

    public List<Endpoint> endpoints() {
        return List.of(
                new Endpoint(
                        "GET",
                        "/api/v1/agents",
                        Role.VIEWER,
                        "agents.list",
                        Doc.of("agents", "The agent roster: name, team, tier, model, tools, delegates", "AgentList")
                                .query(Query.LIMIT, Query.OFFSET)
                                .errors(400, 401, 429),
                        call -> paging(page -> ok(Page.of(roster, page)))),
                new Endpoint(
                        "GET",
                        "/api/v1/features",
                        Role.VIEWER,
                        "features.list",
                        Doc.of("features", "Every feature flag as resolved now", "FeatureList")
                                .query(Query.LIMIT, Query.OFFSET)
                                .errors(400, 401, 429),
                        call -> paging(page -> ok(Page.of(
                                features.list().stream().map(Feature::of).toList(), page)))),
                new Endpoint(
                        "POST",
                        "/api/v1/features",
                        Role.ADMIN,
                        "features.set",
                        Doc.of("features", "Override a flag at runtime: {name, enabled}", "Feature")
                                .body("NamedFeatureChange")
                                .errors(400, 401, 403, 404, 422, 429),
                        call -> entity(
                                JsonSupport.body(NamedFeatureChange.class),
                                change -> feature(shared.set(change.name(), change.enabled())))),
                new Endpoint(
                        "GET",
                        "/api/v1/features/{name}",
                        Role.VIEWER,
                        "features.get",
                        Doc.of("features", "One feature flag", "Feature").errors(401, 404, 429),
                        call -> feature(features.get(call.param("name")))),
                new Endpoint(
                        "POST",
                        "/api/v1/features/{name}",
                        Role.ADMIN,
                        "features.set.one",
                        Doc.of("features", "Override one flag at runtime: {enabled}", "Feature")
                                .body("FeatureChange")
                                .errors(400, 401, 403, 404, 422, 429),
                        call -> entity(
                                JsonSupport.body(FeatureChange.class),
                                change -> feature(shared.set(call.param("name"), change.enabled())))),
                new Endpoint(
                        "DELETE",
                        "/api/v1/features/{name}",
                        Role.ADMIN,
                        "features.reset",
                        Doc.of("features", "Remove the runtime override (environment or default applies)", "Feature")
                                .errors(401, 403, 404, 429),
                        call -> feature(shared.reset(call.param("name")))),
                new Endpoint(
                        "GET",
                        "/api/v1/permissions/denials",
                        Role.ADMIN,
                        "permissions.denials",
                        Doc.of("permissions", "Permission denials, newest first", "DenialList")
                                .query(
                                        new Query("since", "string", "ISO-8601 instant; only denials at or after it"),
                                        new Query("tool", "string", "tool or endpoint class"),
                                        new Query("agent", "string", "agent or API user"),
                                        Query.LIMIT,
                                        Query.OFFSET)
                                .errors(400, 401, 403, 429),
                        this::denials));
    }

    private static Route ok(Object body) {
        return complete(StatusCodes.OK, body, JsonSupport.json());
    }

    private static Route feature(FeatureState state) {
        return ok(Feature.of(state));
    }

    private static Route feature(CompletionStage<FeatureState> change) {
        return onSuccess(change, CatalogEndpoints::feature);
    }

    private Route denials(Call call) {
        return paging(page -> parameterOptional(
                "since",
                since -> parameterOptional(
                        "tool",
                        tool -> parameterOptional("agent", agent -> {
                            Instant from = instant(since);
                            String byTool = nonBlank(tool);
                            String byAgent = nonBlank(agent);
                            return onSuccess(
                                    CompletableFuture.supplyAsync(() -> query(from, byTool, byAgent), blocking),
                                    found -> ok(Page.of(found, page)));
                        }))));
    }

    private List<DenialRecord> query(Instant since, String tool, String agent) {
        try {
            return denials.query(since, tool, agent, 100_000, 0);
        } catch (SQLException e) {
            throw new IllegalStateException("could not read the denials: " + e.getMessage(), e);
        }
    }

    private static Instant instant(Optional<String> raw) {
        try {
            return raw.filter(s -> !s.isBlank()).map(Instant::parse).orElse(null);
        } catch (DateTimeParseException e) {
            throw ApiProblem.badRequest("since: must be an ISO-8601 instant such as 2026-01-31T12:00:00Z");
        }
    }

    private static String nonBlank(Optional<String> raw) {
        return raw.filter(s -> !s.isBlank()).orElse(null);
    }
}
