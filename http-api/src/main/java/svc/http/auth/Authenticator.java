package svc.http.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.pekko.http.javadsl.model.HttpHeader;
import org.apache.pekko.http.javadsl.model.HttpRequest;
import svc.governance.permission.Role;
import svc.http.problem.ApiProblem;

/**
 * Finds the caller of a request: an {@code X-API-Key} from {@code SVC_API_KEYS} (admin
 * equivalent), a bearer token, (WebSockets only, as browsers cannot set headers there) a
 * {@code ?token=} query parameter, or the dashboard's session cookie ({@link SessionCookies}:
 * CSRF token required on state-changing methods; on WebSockets only from the server's own origin).
 *
 * <p>Both are remembered once checked, as clients send the same credential with every request:
 * each configured key's caller (and the SHA-256 prefix logs and limits use) is made once at
 * start, and a verified token is kept with its expiry (checked again at every use) so its
 * signature is not recomputed per request. The token cache is bounded by emptying it when full.
 */
public final class Authenticator {

    /** Methods that change nothing, so a session cookie needs no CSRF token for them. */
    private static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD", "OPTIONS");

    /** Verified tokens kept at most; past it the cache starts over. */
    static final int MAX_TOKENS = 10_000;

    private record ApiKey(byte[] bytes, Caller caller) {}

    private final TokenService tokens;
    private final List<ApiKey> apiKeys;
    private final Map<String, TokenService.Verified> verified = new ConcurrentHashMap<>();

    public Authenticator(TokenService tokens, List<String> apiKeys) {
        this.tokens = tokens;
        this.apiKeys = apiKeys.stream()
                .map(k -> {
                    String hash = sha256Prefix(k);
                    return new ApiKey(
                            k.getBytes(StandardCharsets.UTF_8), new Caller("api-key:" + hash, Role.ADMIN, hash));
                })
                .toList();
    }

    /**
     * The caller, or a failed stage with a 401 when credentials are missing or wrong (a 403 when
     * a session cookie's state-changing request lacks its CSRF token). Headers come first: an
     * {@code X-API-Key}, then {@code Authorization: Bearer}; then, on WebSockets only, a
     * {@code ?token=} query parameter; then the dashboard's session cookie.
     */
    public CompletionStage<Caller> authenticate(HttpRequest request, boolean webSocket) {
        try {
            return CompletableFuture.completedFuture(identify(request, webSocket));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private Caller identify(HttpRequest request, boolean webSocket) {
        Optional<HttpHeader> key = request.getHeader("X-API-Key");
        if (key.isPresent()) {
            return apiKey(key.get().value().strip());
        }
        Optional<HttpHeader> authorization = request.getHeader("Authorization");
        if (authorization.isPresent()) {
            String value = authorization.get().value().strip();
            if (!value.regionMatches(true, 0, "Bearer ", 0, 7)) {
                throw ApiProblem.unauthorized("the Authorization header must be 'Bearer <token>'");
            }
            return token(value.substring(7).strip()).caller();
        }
        if (webSocket) {
            Optional<String> token = request.getUri().query().get("token");
            if (token.isPresent()) {
                return token(token.get()).caller();
            }
        }
        Optional<String> session = SessionCookies.read(request, SessionCookies.SESSION);
        if (session.isPresent() && (!webSocket || SessionCookies.sameOrigin(request))) {
            return session(request, session.get());
        }
        throw ApiProblem.unauthorized(
                webSocket
                        ? "a token is required: ?token=<ACCESS_TOKEN>, an Authorization header, or the session"
                                + " cookie from a page of this server's own origin"
                        : "a bearer token, an X-API-Key or a session cookie is required");
    }

    /**
     * The caller of a session cookie. A state-changing method must echo the session's CSRF token
     * in {@code X-CSRF-Token}: equal to the {@code svc_csrf} cookie and to the token's own
     * {@code csrf} claim, compared in constant time.
     */
    private Caller session(HttpRequest request, String jwt) {
        TokenService.Verified verified = token(jwt);
        if (!SAFE_METHODS.contains(request.method().value())) {
            String header = request.getHeader(SessionCookies.CSRF_HEADER)
                    .map(h -> h.value().strip())
                    .orElse("");
            String cookie = SessionCookies.read(request, SessionCookies.CSRF).orElse("");
            boolean ok = !header.isEmpty()
                    && constantTimeEquals(header, cookie)
                    && (verified.csrf() == null || constantTimeEquals(header, verified.csrf()));
            if (!ok) {
                throw ApiProblem.denied(
                        "CSRF rule: a " + request.method().value() + " authenticated by the session cookie must send"
                                + " the X-CSRF-Token header equal to the svc_csrf cookie",
                        "csrf");
            }
        }
        return verified.caller().via(Caller.Via.SESSION);
    }

    private static boolean constantTimeEquals(String a, String b) {
        return MessageDigest.isEqual(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }

    /** Compares with every configured key in constant time, so timing does not tell how much matched. */
    private Caller apiKey(String key) {
        byte[] given = key.getBytes(StandardCharsets.UTF_8);
        Caller found = null;
        for (ApiKey k : apiKeys) {
            if (MessageDigest.isEqual(k.bytes(), given)) {
                found = k.caller();
            }
        }
        if (found == null) {
            throw ApiProblem.unauthorized("the X-API-Key is not one of the server's keys");
        }
        return found;
    }

    private TokenService.Verified token(String token) {
        TokenService.Verified known = verified.get(token);
        if (known != null && tokens.stillValid(known)) {
            return known;
        }
        if (known != null) {
            verified.remove(token);
        }
        TokenService.Verified checked = tokens.check(token);
        if (verified.size() >= MAX_TOKENS) {
            verified.clear();
        }
        verified.put(token, checked);
        return checked;
    }

    /** The first 12 hex characters of the SHA-256 of a key: how keys appear in logs and limits. */
    public static String sha256Prefix(String key) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest).substring(0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
