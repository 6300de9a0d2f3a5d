package svc.http.audit;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.onSuccess;
import static org.apache.pekko.http.javadsl.server.Directives.parameterOptional;
import static svc.http.server.Paging.paging;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.Route;
import svc.config.Json;
import svc.governance.permission.Role;
import svc.http.problem.ApiProblem;
import svc.http.server.Call;
import svc.http.server.Endpoint;
import svc.http.server.Endpoint.Doc;
import svc.http.server.Endpoint.Query;
import svc.http.server.JsonSupport;
import svc.http.server.Page;
import svc.persistence.audit.AuditRepository;
import svc.persistence.audit.AuditRow;

/** {@code GET /api/v1/audit}: the admin actions, newest first, filtered by actor, action and time (admin). */
public final class AuditEndpoints {

    /** One action as served; {@code detail} is the redacted request body, when there was one. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Entry(
            long id,
            Instant at,
            String actor,
            String action,
            String method,
            String target,
            int status,
            JsonNode detail,
            String correlationId) {
        static Entry of(AuditRow r) {
            return new Entry(
                    r.id(),
                    r.at(),
                    r.actor(),
                    r.action(),
                    r.method(),
                    r.target(),
                    r.status(),
                    r.detail() == null ? null : Json.parse(r.detail()),
                    r.correlationId());
        }
    }

    private final AuditLog log;

    public AuditEndpoints(AuditLog log) {
        this.log = log;
    }

    public List<Endpoint> endpoints() {
        return List.of(new Endpoint(
                "GET",
                "/api/v1/audit",
                Role.ADMIN,
                "audit.list",
                Doc.of(
                                "governance",
                                "Admin actions (users, roles, flags, plugins, tokens, retention, erasure)",
                                "AuditEntryList")
                        .query(
                                new Query("actor", "string", "who acted: a user's email or api-key:<prefix>"),
                                new Query("action", "string", "the endpoint class, e.g. users.update"),
                                new Query("from", "string", "ISO-8601 instant, inclusive"),
                                new Query("to", "string", "ISO-8601 instant, exclusive"),
                                Query.LIMIT,
                                Query.OFFSET)
                        .errors(400, 401, 403, 429),
                this::list));
    }

    private Route list(Call call) {
        return paging(page -> parameterOptional(
                "actor",
                actor -> parameterOptional(
                        "action",
                        action -> parameterOptional(
                                "from",
                                from -> parameterOptional("to", to -> {
                                    AuditRepository.Filter filter = new AuditRepository.Filter(
                                            blankToNull(actor),
                                            blankToNull(action),
                                            instant("from", from),
                                            instant("to", to));
                                    return onSuccess(
                                            log.read(filter, page.limit(), page.offset()),
                                            found -> complete(
                                                    StatusCodes.OK,
                                                    Page.mapped(
                                                            found.items(),
                                                            Entry::of,
                                                            found.total(),
                                                            page.limit(),
                                                            page.offset()),
                                                    JsonSupport.json()));
                                })))));
    }

    private static String blankToNull(Optional<String> s) {
        return s.map(String::strip).filter(v -> !v.isEmpty()).orElse(null);
    }

    private static Instant instant(String name, Optional<String> raw) {
        String v = blankToNull(raw);
        if (v == null) {
            return null;
        }
        try {
            return Instant.parse(v);
        } catch (DateTimeParseException e) {
            throw ApiProblem.badRequest(name + ": must be an ISO-8601 instant such as 2026-01-01T00:00:00Z");
        }
    }
}
