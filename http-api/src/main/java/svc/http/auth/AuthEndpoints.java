package svc.http.auth;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.entity;
import static org.apache.pekko.http.javadsl.server.Directives.extractRequest;
import static org.apache.pekko.http.javadsl.server.Directives.onSuccess;

import java.util.List;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.Route;
import svc.governance.permission.Role;
import svc.http.auth.AuthBodies.Login;
import svc.http.auth.AuthBodies.NewUser;
import svc.http.auth.AuthBodies.Token;
import svc.http.auth.AuthBodies.User;
import svc.http.problem.ApiProblem;
import svc.http.server.Call;
import svc.http.server.Endpoint;
import svc.http.server.Endpoint.Doc;
import svc.http.server.Exchange;
import svc.http.server.JsonSupport;

/** Login, token refresh and user creation. */
public final class AuthEndpoints {

    private final Users users;
    private final TokenService tokens;

    public AuthEndpoints(Users users, TokenService tokens) {
        this.users = users;
        this.tokens = tokens;
    }

    public List<Endpoint> endpoints() {
        return List.of(
                new Endpoint(
                        "POST",
                        "/api/v1/auth/login",
                        null,
                        "auth.login",
                        Doc.of("auth", "Log in with email and password; returns a 24 h HS256 token", "Token")
                                .body("Login")
                                .errors(400, 401, 429),
                        this::login),
                new Endpoint(
                        "POST",
                        "/api/v1/auth/refresh",
                        Role.VIEWER,
                        "auth.refresh",
                        Doc.of("auth", "Exchange a valid token for a fresh one", "Token")
                                .errors(401, 429),
                        this::refresh),
                new Endpoint(
                        "POST",
                        "/api/v1/users",
                        Role.ADMIN,
                        "users.create",
                        Doc.of("auth", "Create a user (admin)", "User")
                                .body("NewUser")
                                .status(201)
                                .errors(400, 401, 403, 409, 429),
                        this::createUser));
    }

    private Route login(Call call) {
        return extractRequest(request -> entity(
                JsonSupport.body(Login.class),
                body -> onSuccess(
                        users.login(body.email(), body.password(), Exchange.clientIp(request)),
                        user -> token(user.email(), Role.fromWire(user.role())))));
    }

    /**
     * A user's token is refreshed with the role the user has now (so a demotion takes effect);
     * an API key gets a token for its own subject.
     */
    private Route refresh(Call call) {
        Caller caller = call.caller();
        if (caller.apiKeyHash() != null && caller.apiKeyHash().startsWith(ApiTokens.ID_PREFIX)) {
            // A JWT would outlive the token's revocation by up to a day.
            throw ApiProblem.badRequest("an API token is used as it is; it cannot be exchanged for a JWT");
        }
        if (caller.apiKeyHash() != null) {
            return token(caller.subject(), caller.role());
        }
        return onSuccess(users.find(caller.subject()), user -> {
            if (user.isEmpty()) {
                throw ApiProblem.unauthorized("the token's user no longer exists");
            }
            return token(user.get().email(), Role.fromWire(user.get().role()));
        });
    }

    private Route token(String subject, Role role) {
        return complete(StatusCodes.OK, new Token(tokens.issue(subject, role)), JsonSupport.json());
    }

    private Route createUser(Call call) {
        return entity(JsonSupport.body(NewUser.class), body -> {
            Role role = body.parsedRole();
            return onSuccess(
                    users.create(
                            body.email(), body.password(), role, call.caller().subject()),
                    user -> complete(
                            StatusCodes.CREATED,
                            new User(user.email(), user.role(), user.createdAt()),
                            JsonSupport.json()));
        });
    }
}
