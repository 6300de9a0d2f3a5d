package svc.http.auth;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.entity;
import static org.apache.pekko.http.javadsl.server.Directives.extractRequest;
import static org.apache.pekko.http.javadsl.server.Directives.onSuccess;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.Route;
import svc.governance.permission.Role;
import svc.http.auth.AuthBodies.Login;
import svc.http.server.Call;
import svc.http.server.Endpoint;
import svc.http.server.Endpoint.Doc;
import svc.http.server.Exchange;
import svc.http.server.JsonSupport;
import svc.persistence.users.UserRow;

/**
 * The dashboard's sign-in: a password login that answers with the session cookies
 * ({@link SessionCookies}), logout, who the caller is, and which ways to sign in this server
 * offers. The session is the same HS256 JWT as {@code /api/v1/auth/login} gives, carried in an
 * HttpOnly cookie; there is no server-side session state, so logout clears the cookies and the
 * token itself stays valid until it expires (the spec's model: no revocation list).
 */
public final class SessionEndpoints {

    /** {@code POST /api/v1/auth/session}'s answer; the CSRF token is also in the {@code svc_csrf} cookie. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Session(String email, String role, Instant expiresAt, String csrfToken) {}

    /**
     * {@code GET /api/v1/auth/me}; {@code account} is how the user signs in ({@code password} or
     * {@code oidc}), null for a configured API key, which is no user.
     */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    record Me(String email, String role, String auth, String account) {}

    /** {@code GET /api/v1/auth/providers}: {@code oidc} is null when single sign-on is not configured. */
    record Providers(
            boolean password,
            @JsonInclude(JsonInclude.Include.ALWAYS) Oidc oidc) {}

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Oidc(String loginUrl) {}

    private final Users users;
    private final TokenService tokens;
    private final boolean production;
    private final Optional<String> oidcLoginUrl;

    /**
     * @param oidcLoginUrl the path that starts single sign-on, when OIDC is configured
     */
    public SessionEndpoints(Users users, TokenService tokens, boolean production, Optional<String> oidcLoginUrl) {
        this.users = users;
        this.tokens = tokens;
        this.production = production;
        this.oidcLoginUrl = oidcLoginUrl;
    }

    public List<Endpoint> endpoints() {
        return List.of(
                new Endpoint(
                        "POST",
                        "/api/v1/auth/session",
                        null,
                        "auth.session",
                        Doc.of(
                                        "auth",
                                        "Sign in with email and password; sets the HttpOnly svc_session cookie"
                                                + " (the JWT) and the svc_csrf cookie whose value state-changing"
                                                + " requests echo in X-CSRF-Token",
                                        "Session")
                                .body("Login")
                                .errors(400, 401, 429),
                        this::login),
                new Endpoint(
                        "DELETE",
                        "/api/v1/auth/session",
                        null,
                        "auth.logout",
                        Doc.of("auth", "Sign out: clears the session cookies", null)
                                .status(204)
                                .errors(429),
                        this::logout),
                new Endpoint(
                        "GET",
                        "/api/v1/auth/me",
                        Role.VIEWER,
                        "auth.me",
                        Doc.of(
                                        "auth",
                                        "The caller: email, role and how it authenticated (session, bearer, api_key)",
                                        "Me")
                                .errors(401),
                        this::me),
                new Endpoint(
                        "GET",
                        "/api/v1/auth/providers",
                        null,
                        "auth.providers",
                        Doc.of(
                                        "auth",
                                        "The ways to sign in: password, and OIDC single sign-on when configured",
                                        "Providers")
                                .errors(429),
                        this::providers));
    }

    private Route login(Call call) {
        return extractRequest(request -> entity(
                JsonSupport.body(Login.class),
                body -> onSuccess(users.login(body.email(), body.password(), Exchange.clientIp(request)), user -> {
                    Role role = Role.fromWire(user.role());
                    String csrf = SessionCookies.newCsrfToken();
                    String jwt = tokens.issueSession(user.email(), role, csrf);
                    Instant expires = tokens.check(jwt).expires();
                    return complete(
                            StatusCodes.OK,
                            SessionCookies.set(
                                    jwt, csrf, TokenService.LIFETIME, SessionCookies.secure(request, production)),
                            new Session(user.email(), role.wireName(), expires, csrf),
                            JsonSupport.json());
                })));
    }

    private Route logout(Call call) {
        return extractRequest(request -> complete(HttpResponse.create()
                .withStatus(StatusCodes.NO_CONTENT)
                .addHeaders(SessionCookies.clear(SessionCookies.secure(request, production)))));
    }

    private Route me(Call call) {
        Caller caller = call.caller();
        return onSuccess(
                users.find(caller.subject()),
                user -> complete(
                        StatusCodes.OK,
                        new Me(
                                caller.subject(),
                                caller.role().wireName(),
                                caller.via().wireName(),
                                user.map(UserRow::source).orElse(null)),
                        JsonSupport.json()));
    }

    private Route providers(Call call) {
        return complete(
                StatusCodes.OK, new Providers(true, oidcLoginUrl.map(Oidc::new).orElse(null)), JsonSupport.json());
    }
}
