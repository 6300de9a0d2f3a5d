package svc.http.auth;

import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import svc.config.Json;
import svc.governance.permission.Role;
import svc.http.problem.ApiProblem;
import svc.http.server.Bodies;
import svc.http.server.Call;
import svc.http.server.Endpoint;
import svc.http.server.Responses;

/** Login, token refresh and user creation. */
public final class AuthEndpoints {

    private final Users users;
    private final TokenService tokens;
    private final Executor callbacks;

    public AuthEndpoints(Users users, TokenService tokens, Executor callbacks) {
        this.users = users;
        this.tokens = tokens;
        this.callbacks = callbacks;
    }

    public List<Endpoint> endpoints() {
        return List.of(
                new Endpoint(
                        "POST",
                        "/api/v1/auth/login",
                        null,
                        "auth.login",
                        new Endpoint.Doc(
                                "Log in with email and password; returns a 24 h HS256 token",
                                "auth",
                                "Login",
                                200,
                                "Token",
                                null,
                                List.of(),
                                List.of(400, 401, 429)),
                        this::login),
                new Endpoint(
                        "POST",
                        "/api/v1/auth/refresh",
                        Role.VIEWER,
                        "auth.refresh",
                        new Endpoint.Doc(
                                "Exchange a valid token for a fresh one",
                                "auth",
                                null,
                                200,
                                "Token",
                                null,
                                List.of(),
                                List.of(401, 429)),
                        this::refresh),
                new Endpoint(
                        "POST",
                        "/api/v1/users",
                        Role.ADMIN,
                        "users.create",
                        new Endpoint.Doc(
                                "Create a user (admin)",
                                "auth",
                                "NewUser",
                                201,
                                "User",
                                null,
                                List.of(),
                                List.of(400, 401, 403, 409, 429)),
                        this::createUser));
    }

    private CompletionStage<HttpResponse> login(Call call) {
        return call.jsonBody()
                .thenComposeAsync(
                        body -> users.login(Bodies.requiredText(body, "email"), Bodies.requiredText(body, "password")),
                        callbacks)
                .thenApplyAsync(
                        user -> Responses.json(
                                200,
                                Json.object().put("token", tokens.issue(user.email(), Role.fromWire(user.role())))),
                        callbacks);
    }

    /**
     * A user's token is refreshed with the role the user has now (so a demotion takes effect);
     * an API key gets a token for its own subject.
     */
    private CompletionStage<HttpResponse> refresh(Call call) {
        Caller caller = call.caller();
        if (caller.apiKeyHash() != null) {
            return Responses.ok(Json.object().put("token", tokens.issue(caller.subject(), caller.role())));
        }
        return users.find(caller.subject())
                .thenApplyAsync(
                        user -> {
                            if (user.isEmpty()) {
                                throw ApiProblem.unauthorized("the token's user no longer exists");
                            }
                            return Responses.json(
                                    200,
                                    Json.object()
                                            .put(
                                                    "token",
                                                    tokens.issue(
                                                            user.get().email(),
                                                            Role.fromWire(
                                                                    user.get().role()))));
                        },
                        callbacks);
    }

    private CompletionStage<HttpResponse> createUser(Call call) {
        return call.jsonBody()
                .thenComposeAsync(
                        body -> {
                            Role role;
                            try {
                                role = Role.fromWire(Bodies.requiredText(body, "role"));
                            } catch (IllegalArgumentException e) {
                                throw ApiProblem.badRequest("role: " + e.getMessage());
                            }
                            return users.create(
                                    Bodies.requiredText(body, "email"),
                                    Bodies.requiredText(body, "password"),
                                    role,
                                    call.caller().subject());
                        },
                        callbacks)
                .thenApplyAsync(
                        user -> Responses.json(
                                201,
                                Json.object()
                                        .put("email", user.email())
                                        .put("role", user.role())
                                        .put("created_at", user.createdAt().toString())),
                        callbacks);
    }
}
