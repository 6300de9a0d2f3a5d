package svc.http.auth;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.entity;
import static org.apache.pekko.http.javadsl.server.Directives.onSuccess;
import static org.apache.pekko.http.javadsl.server.Directives.parameterOptional;
import static svc.http.server.Paging.paging;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.Route;
import svc.governance.permission.Role;
import svc.http.problem.ApiProblem;
import svc.http.server.Call;
import svc.http.server.Endpoint;
import svc.http.server.Endpoint.Doc;
import svc.http.server.Endpoint.Query;
import svc.http.server.Fields;
import svc.http.server.JsonSupport;
import svc.http.server.Page;
import svc.persistence.users.ApiTokenRow;

/** {@code /api/v1/tokens}: a signed-in user's API tokens (see {@link ApiTokens}). */
public final class TokenEndpoints {

    /** Longest lifetime a token may be given. */
    static final Duration MAX_LIFETIME = Duration.ofDays(3650);

    /** {@code POST /api/v1/tokens}: give {@code expires_in_days} or {@code expires_at}. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record NewToken(String name, String role, Integer expiresInDays, String expiresAt) {
        NewToken {
            Fields.required("name", name);
            Fields.required("role", role);
            if (name.length() > 200) {
                throw ApiProblem.badRequest("name: at most 200 characters");
            }
        }
    }

    /** A token as listed: never its secret. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record TokenInfo(
            String id,
            String name,
            String role,
            String owner,
            Instant createdAt,
            Instant expiresAt,
            Instant revokedAt,
            String state) {}

    /** The answer of a creation: the secret, this once. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record CreatedToken(
            String id, String name, String role, String owner, Instant createdAt, Instant expiresAt, String token) {}

    private final ApiTokens tokens;
    private final Clock clock;

    public TokenEndpoints(ApiTokens tokens, Clock clock) {
        this.tokens = tokens;
        this.clock = clock;
    }

    public List<Endpoint> endpoints() {
        return List.of(
                new Endpoint(
                        "POST",
                        "/api/v1/tokens",
                        Role.VIEWER,
                        "tokens.create",
                        Doc.of(
                                        "auth",
                                        "Create an API token (role at most the caller's); the secret is in this"
                                                + " answer only. Send it as Authorization: Bearer or X-API-Key",
                                        "CreatedToken")
                                .body("NewToken")
                                .status(201)
                                .errors(400, 401, 403, 429),
                        this::create),
                new Endpoint(
                        "GET",
                        "/api/v1/tokens",
                        Role.VIEWER,
                        "tokens.list",
                        Doc.of(
                                        "auth",
                                        "The caller's API tokens without secrets; ?all=true lists everyone's (admin)",
                                        "TokenInfoList")
                                .query(
                                        new Query("all", "boolean", "every user's tokens (admin only)"),
                                        Query.LIMIT,
                                        Query.OFFSET)
                                .errors(400, 401, 403, 429),
                        this::list),
                new Endpoint(
                        "DELETE",
                        "/api/v1/tokens/{id}",
                        Role.VIEWER,
                        "tokens.revoke",
                        Doc.of("auth", "Revoke an API token of the caller's (admin: anyone's)", "TokenInfo")
                                .errors(401, 404, 429),
                        this::revoke));
    }

    private Route create(Call call) {
        return entity(JsonSupport.body(NewToken.class), body -> {
            Role role;
            try {
                role = Role.fromWire(body.role());
            } catch (IllegalArgumentException e) {
                throw ApiProblem.badRequest("role: " + e.getMessage());
            }
            Instant expires = expiry(body);
            return onSuccess(
                    tokens.create(call.caller(), body.name(), role, expires),
                    made -> complete(
                            StatusCodes.CREATED,
                            new CreatedToken(
                                    made.row().id(),
                                    made.row().name(),
                                    made.row().role(),
                                    made.row().owner(),
                                    made.row().createdAt(),
                                    made.row().expiresAt(),
                                    made.secret()),
                            JsonSupport.json()));
        });
    }

    private Instant expiry(NewToken body) {
        if ((body.expiresInDays() == null) == (body.expiresAt() == null)) {
            throw ApiProblem.badRequest("give exactly one of expires_in_days and expires_at");
        }
        Instant now = clock.instant();
        Instant expires;
        if (body.expiresInDays() != null) {
            if (body.expiresInDays() < 1) {
                throw ApiProblem.badRequest("expires_in_days: must be 1 or more");
            }
            expires = now.plus(Duration.ofDays(body.expiresInDays()));
        } else {
            try {
                expires = Instant.parse(body.expiresAt());
            } catch (DateTimeParseException e) {
                throw ApiProblem.badRequest("expires_at: must be an ISO-8601 instant such as 2027-01-01T00:00:00Z");
            }
        }
        if (expires.isAfter(now.plus(MAX_LIFETIME))) {
            throw ApiProblem.badRequest("a token may live at most " + MAX_LIFETIME.toDays() + " days");
        }
        return expires;
    }

    private Route list(Call call) {
        return paging(page -> parameterOptional("all", all -> {
            boolean everyone = all.map(a -> a.strip().equalsIgnoreCase("true")).orElse(false);
            if (everyone && call.caller().role() != Role.ADMIN) {
                throw ApiProblem.denied("?all=true lists every user's tokens: admin only", "rbac");
            }
            return onSuccess(
                    tokens.list(everyone ? null : call.caller().subject()),
                    rows -> complete(
                            StatusCodes.OK,
                            Page.of(rows.stream().map(this::info).toList(), page),
                            JsonSupport.json()));
        }));
    }

    private Route revoke(Call call) {
        return onSuccess(
                tokens.revoke(call.caller(), call.param("id")),
                row -> complete(StatusCodes.OK, info(row), JsonSupport.json()));
    }

    private TokenInfo info(ApiTokenRow row) {
        String state =
                row.revokedAt() != null ? "revoked" : row.expiresAt().isAfter(clock.instant()) ? "active" : "expired";
        return new TokenInfo(
                row.id(),
                row.name(),
                row.role(),
                row.owner(),
                row.createdAt(),
                row.expiresAt(),
                row.revokedAt(),
                state);
    }
}
