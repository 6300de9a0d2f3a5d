package svc.http.auth;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.entity;
import static org.apache.pekko.http.javadsl.server.Directives.onSuccess;
import static svc.http.server.Paging.paging;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Instant;
import java.util.List;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.Route;
import svc.governance.permission.Role;
import svc.http.problem.ApiProblem;
import svc.http.server.Call;
import svc.http.server.Endpoint;
import svc.http.server.Endpoint.Doc;
import svc.http.server.Endpoint.Query;
import svc.http.server.JsonSupport;
import svc.http.server.Page;
import svc.persistence.users.UserRow;

/** User management by admins: list users, change a role, disable and enable. */
public final class UserEndpoints {

    /** {@code PATCH /api/v1/users/{email}}: each field is optional; absent leaves it as it is. */
    record UserChange(String role, Boolean disabled) {
        UserChange {
            if (role == null && disabled == null) {
                throw ApiProblem.badRequest("give role, disabled or both");
            }
        }
    }

    /** A user as listed. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record UserInfo(String email, String role, boolean disabled, String source, Instant createdAt, String createdBy) {
        static UserInfo of(UserRow row) {
            return new UserInfo(
                    row.email(), row.role(), row.disabled(), row.source(), row.createdAt(), row.createdBy());
        }
    }

    private final Users users;
    private final AccountStatus accounts;

    public UserEndpoints(Users users, AccountStatus accounts) {
        this.users = users;
        this.accounts = accounts;
    }

    public List<Endpoint> endpoints() {
        return List.of(
                new Endpoint(
                        "GET",
                        "/api/v1/users",
                        Role.ADMIN,
                        "users.list",
                        Doc.of("auth", "List users: role, disabled, how they were made (admin)", "UserInfoList")
                                .query(Query.LIMIT, Query.OFFSET)
                                .errors(400, 401, 403, 429),
                        this::list),
                new Endpoint(
                        "PATCH",
                        "/api/v1/users/{email}",
                        Role.ADMIN,
                        "users.update",
                        Doc.of(
                                        "auth",
                                        "Change a user's role and/or disable or enable them (admin); a disabled"
                                                + " user's login, session, JWTs and API tokens are refused",
                                        "UserInfo")
                                .body("UserChange")
                                .errors(400, 401, 403, 404, 409, 429),
                        this::update));
    }

    private Route list(Call call) {
        return paging(page -> onSuccess(
                users.list(),
                rows -> complete(
                        StatusCodes.OK, Page.of(rows.stream().map(UserInfo::of).toList(), page), JsonSupport.json())));
    }

    private Route update(Call call) {
        String email = call.param("email");
        return entity(JsonSupport.body(UserChange.class), body -> {
            Role role;
            try {
                role = body.role() == null ? null : Role.fromWire(body.role());
            } catch (IllegalArgumentException e) {
                throw ApiProblem.badRequest("role: " + e.getMessage());
            }
            return onSuccess(
                    users.update(email, role, body.disabled(), call.caller().subject()), row -> {
                        accounts.changed(row.email());
                        return complete(StatusCodes.OK, UserInfo.of(row), JsonSupport.json());
                    });
        });
    }
}
