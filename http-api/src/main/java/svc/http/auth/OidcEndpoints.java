package svc.http.auth;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.extractRequest;
import static org.apache.pekko.http.javadsl.server.Directives.handleExceptions;
import static org.apache.pekko.http.javadsl.server.Directives.onSuccess;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jwt.JWT;
import com.nimbusds.oauth2.sdk.AuthorizationCode;
import com.nimbusds.oauth2.sdk.AuthorizationCodeGrant;
import com.nimbusds.oauth2.sdk.ResponseType;
import com.nimbusds.oauth2.sdk.Scope;
import com.nimbusds.oauth2.sdk.TokenErrorResponse;
import com.nimbusds.oauth2.sdk.TokenRequest;
import com.nimbusds.oauth2.sdk.TokenResponse;
import com.nimbusds.oauth2.sdk.auth.ClientSecretBasic;
import com.nimbusds.oauth2.sdk.auth.Secret;
import com.nimbusds.oauth2.sdk.id.ClientID;
import com.nimbusds.oauth2.sdk.id.Issuer;
import com.nimbusds.oauth2.sdk.id.State;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;
import com.nimbusds.openid.connect.sdk.AuthenticationRequest;
import com.nimbusds.openid.connect.sdk.Nonce;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponse;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponseParser;
import com.nimbusds.openid.connect.sdk.claims.IDTokenClaimsSet;
import com.nimbusds.openid.connect.sdk.op.OIDCProviderMetadata;
import com.nimbusds.openid.connect.sdk.validators.IDTokenValidator;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.pekko.http.javadsl.model.HttpHeader;
import org.apache.pekko.http.javadsl.model.HttpRequest;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.model.headers.Location;
import org.apache.pekko.http.javadsl.model.headers.RawHeader;
import org.apache.pekko.http.javadsl.server.ExceptionHandler;
import org.apache.pekko.http.javadsl.server.Route;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.governance.permission.Role;
import svc.http.dashboard.DashboardEndpoints;
import svc.http.problem.ApiProblem;
import svc.http.server.Call;
import svc.http.server.Endpoint;
import svc.http.server.Endpoint.Doc;

/**
 * OIDC single sign-on with the Nimbus OAuth 2.0 SDK: the authorization code flow with PKCE
 * (S256), a {@code state} and a {@code nonce}.
 *
 * <p>{@code GET /auth/oidc/login} makes a state, a nonce and a code verifier, keeps the three in
 * the short-lived HttpOnly cookie {@value #FLOW_COOKIE} (10 minutes, {@code SameSite=Lax} because
 * the provider's redirect back is a cross-site navigation that a Strict cookie would not ride,
 * {@code Path=/auth/oidc}) and redirects to the provider. {@code GET /auth/oidc/callback} checks
 * the state against the cookie, exchanges the code with the verifier, validates the ID token
 * (signature by the provider's JWKS, issuer, audience, expiry, nonce), maps its {@code groups}
 * claim to a role ({@link OidcSettings}), makes or updates the user, sets the session cookies
 * ({@link SessionCookies}) and redirects to {@code /}.
 *
 * <p>The provider's metadata is read on the first sign-in and kept (the server starts even when the
 * provider is down; sign-in then answers 502 until it is up). Every call to the provider runs on the
 * blocking executor.
 */
public final class OidcEndpoints {

    public static final String LOGIN_PATH = "/auth/oidc/login";
    static final String CALLBACK_PATH = "/auth/oidc/callback";
    static final String FLOW_COOKIE = "svc_oidc";
    private static final int TIMEOUT_MS = 10_000;
    private static final Logger LOG = LoggerFactory.getLogger(OidcEndpoints.class);

    private record Provider(OIDCProviderMetadata metadata, IDTokenValidator validator) {}

    private final OidcSettings settings;
    private final Users users;
    private final TokenService tokens;
    private final boolean production;
    private final Executor blocking;
    private final AtomicReference<Provider> provider = new AtomicReference<>();

    public OidcEndpoints(
            OidcSettings settings, Users users, TokenService tokens, boolean production, Executor blocking) {
        this.settings = settings;
        this.users = users;
        this.tokens = tokens;
        this.production = production;
        this.blocking = blocking;
    }

    public List<Endpoint> endpoints() {
        return List.of(
                new Endpoint(
                        "GET",
                        LOGIN_PATH,
                        null,
                        "auth.oidc.login",
                        Doc.of("auth", "Start single sign-on: redirects to the identity provider (code + PKCE)", null)
                                .status(302)
                                .errors(502),
                        this::login),
                new Endpoint(
                        "GET",
                        CALLBACK_PATH,
                        null,
                        "auth.oidc.callback",
                        Doc.of(
                                        "auth",
                                        "The identity provider's redirect back: sets the session cookies and"
                                                + " redirects to /",
                                        null)
                                .status(302)
                                .errors(400, 401, 403, 502),
                        this::callback));
    }

    private Route login(Call call) {
        return extractRequest(request -> onSuccess(provider(), p -> {
            State state = new State();
            Nonce nonce = new Nonce();
            CodeVerifier verifier = new CodeVerifier();
            AuthenticationRequest authorize = new AuthenticationRequest.Builder(
                            new ResponseType(ResponseType.Value.CODE),
                            new Scope("openid", "email", "profile"),
                            new ClientID(settings.clientId()),
                            redirectUri(request))
                    .endpointURI(p.metadata().getAuthorizationEndpointURI())
                    .state(state)
                    .nonce(nonce)
                    .codeChallenge(verifier, CodeChallengeMethod.S256)
                    .build();
            String flow = state.getValue() + "." + nonce.getValue() + "." + verifier.getValue();
            return complete(HttpResponse.create()
                    .withStatus(StatusCodes.FOUND)
                    .addHeader(Location.create(authorize.toURI().toString()))
                    .addHeader(flowCookie(flow, 600, SessionCookies.secure(request, production))));
        }));
    }

    /**
     * A browser's callback that fails goes back to the sign-in page with the reason in
     * {@code sso_error} (shown there as text), not to a page of JSON; an API client, or anything
     * not asking for HTML, gets the problem as usual.
     */
    private Route callback(Call call) {
        return extractRequest(request -> {
            if (!DashboardEndpoints.asksForHtml(request)) {
                return signIn(request);
            }
            boolean secure = SessionCookies.secure(request, production);
            return handleExceptions(
                    ExceptionHandler.newBuilder()
                            .match(
                                    ApiProblem.class,
                                    p -> complete(HttpResponse.create()
                                            .withStatus(StatusCodes.FOUND)
                                            .addHeader(Location.create("/login?sso_error="
                                                    + URLEncoder.encode(p.detail(), StandardCharsets.UTF_8)))
                                            .addHeader(flowCookie("", 0, secure))))
                            .build(),
                    () -> signIn(request));
        });
    }

    /** Checks the state, exchanges the code and signs the user in. */
    private Route signIn(HttpRequest request) {
        var query = request.getUri().query();
        Optional<String> error = query.get("error");
        if (error.isPresent()) {
            throw ApiProblem.unauthorized("the identity provider refused the sign-in: " + error.get()
                    + query.get("error_description").map(d -> " (" + d + ")").orElse(""));
        }
        String[] flow = SessionCookies.read(request, FLOW_COOKIE)
                .map(v -> v.split("\\."))
                .filter(parts -> parts.length == 3)
                .orElseThrow(() -> ApiProblem.badRequest(
                        "no sign-in is in progress in this browser (the svc_oidc cookie is missing or expired);"
                                + " start again at " + LOGIN_PATH));
        String state = query.get("state").orElse("");
        if (!MessageDigest.isEqual(state.getBytes(StandardCharsets.UTF_8), flow[0].getBytes(StandardCharsets.UTF_8))) {
            throw ApiProblem.badRequest(
                    "the state does not match this browser's sign-in; start again at " + LOGIN_PATH);
        }
        String code = query.get("code").orElseThrow(() -> ApiProblem.badRequest("the identity provider sent no code"));
        URI redirect = redirectUri(request);
        CompletionStage<Identity> identity = provider()
                .thenApplyAsync(
                        p -> exchange(p, code, redirect, new CodeVerifier(flow[2]), new Nonce(flow[1])), blocking);
        return onSuccess(
                identity,
                who -> onSuccess(users.signInWithSso(who.email(), who.role()), user -> {
                    Role role = Role.fromWire(user.role());
                    String csrf = SessionCookies.newCsrfToken();
                    String jwt = tokens.issueSession(user.email(), role, csrf);
                    boolean secure = SessionCookies.secure(request, production);
                    List<HttpHeader> headers =
                            new ArrayList<>(SessionCookies.set(jwt, csrf, TokenService.LIFETIME, secure));
                    headers.add(flowCookie("", 0, secure));
                    headers.add(Location.create("/"));
                    return complete(
                            HttpResponse.create().withStatus(StatusCodes.FOUND).addHeaders(headers));
                }));
    }

    /** Who the ID token names, with the role their groups map to. */
    private record Identity(String email, Role role) {}

    /** Exchanges the code (with the PKCE verifier) and validates the ID token. Blocking. */
    private Identity exchange(Provider p, String code, URI redirect, CodeVerifier verifier, Nonce nonce) {
        AuthorizationCodeGrant grant = new AuthorizationCodeGrant(new AuthorizationCode(code), redirect, verifier);
        ClientID client = new ClientID(settings.clientId());
        TokenRequest request = settings.clientSecret()
                .map(s -> new TokenRequest(
                        p.metadata().getTokenEndpointURI(), new ClientSecretBasic(client, new Secret(s)), grant))
                .orElseGet(() -> new TokenRequest(p.metadata().getTokenEndpointURI(), client, grant));
        IDTokenClaimsSet claims;
        try {
            var http = request.toHTTPRequest();
            http.setConnectTimeout(TIMEOUT_MS);
            http.setReadTimeout(TIMEOUT_MS);
            TokenResponse response = OIDCTokenResponseParser.parse(http.send());
            if (!response.indicatesSuccess()) {
                TokenErrorResponse failed = response.toErrorResponse();
                throw ApiProblem.unauthorized("the identity provider refused the code: "
                        + failed.getErrorObject().getCode() + " "
                        + failed.getErrorObject().getDescription());
            }
            JWT idToken = ((OIDCTokenResponse) response.toSuccessResponse())
                    .getOIDCTokens()
                    .getIDToken();
            claims = p.validator().validate(idToken, nonce);
        } catch (ApiProblem e) {
            throw e;
        } catch (BadJOSEException e) {
            throw ApiProblem.unauthorized("the ID token does not validate: " + e.getMessage());
        } catch (Exception e) {
            LOG.warn("OIDC code exchange with {} failed: {}", settings.issuer(), e.toString());
            throw badGateway("the identity provider could not be reached or answered badly");
        }
        String email = Optional.ofNullable(claims.getStringClaim("email"))
                .or(() -> Optional.ofNullable(claims.getStringClaim("preferred_username")))
                .orElse(claims.getSubject().getValue())
                .strip()
                .toLowerCase(Locale.ROOT);
        List<String> groups = groups(claims.getClaim("groups"));
        Role role = settings.roleOf(groups)
                .orElseThrow(() -> ApiProblem.denied(
                        "none of your identity provider groups " + groups
                                + " is mapped to a role by ML_TEAM_OIDC_ROLE_MAP; ask an admin",
                        "oidc-role-map"));
        return new Identity(email, role);
    }

    private static List<String> groups(Object claim) {
        if (claim instanceof Collection<?> many) {
            return many.stream().map(String::valueOf).toList();
        }
        return claim == null ? List.of() : List.of(String.valueOf(claim));
    }

    /** The provider's metadata and an ID token validator on its JWKS, made once. */
    private CompletionStage<Provider> provider() {
        Provider known = provider.get();
        if (known != null) {
            return CompletableFuture.completedFuture(known);
        }
        return CompletableFuture.supplyAsync(
                () -> {
                    try {
                        OIDCProviderMetadata metadata =
                                OIDCProviderMetadata.resolve(new Issuer(settings.issuer()), TIMEOUT_MS, TIMEOUT_MS);
                        IDTokenValidator validator = new IDTokenValidator(
                                metadata.getIssuer(),
                                new ClientID(settings.clientId()),
                                JWSAlgorithm.RS256,
                                metadata.getJWKSetURI().toURL());
                        Provider made = new Provider(metadata, validator);
                        provider.compareAndSet(null, made);
                        return provider.get();
                    } catch (Exception e) {
                        LOG.warn("cannot read the OIDC provider metadata of {}: {}", settings.issuer(), e.toString());
                        throw badGateway(
                                "the identity provider's metadata could not be read from " + settings.issuer());
                    }
                },
                blocking);
    }

    private URI redirectUri(HttpRequest request) {
        return settings.redirectUri().orElseGet(() -> {
            String host = request.getHeader("Host").map(HttpHeader::value).orElse("localhost");
            return URI.create(
                    (SessionCookies.secure(request, false) ? "https" : "http") + "://" + host + CALLBACK_PATH);
        });
    }

    private static ApiProblem badGateway(String detail) {
        return new ApiProblem(502, "bad-gateway", "Identity provider failed", detail, null, List.of(), Map.of());
    }

    private static HttpHeader flowCookie(String value, int maxAge, boolean secure) {
        return RawHeader.create(
                "Set-Cookie",
                FLOW_COOKIE + "=" + value + "; Max-Age=" + maxAge + "; Path=/auth/oidc; HttpOnly; SameSite=Lax"
                        + (secure ? "; Secure" : ""));
    }
}
