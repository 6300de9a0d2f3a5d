package svc.http.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.pekko.http.javadsl.model.HttpHeader;
import org.apache.pekko.http.javadsl.model.HttpRequest;
import svc.governance.permission.Role;
import svc.http.problem.ApiProblem;

/**
 * Finds the caller of a request: an {@code X-API-Key} from {@code SVC_API_KEYS} (admin
 * equivalent), a bearer token, or (WebSockets only, as browsers cannot set headers there) a
 * {@code ?token=} query parameter.
 *
 * <p>Both are remembered once checked, as clients send the same credential with every request:
 * each configured key's caller (and the SHA-256 prefix logs and limits use) is made once at
 * start, and a verified token is kept with its expiry (checked again at every use) so its
 * signature is not recomputed per request. The token cache is bounded by emptying it when full.
 */
public final class Authenticator {

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

    /** The caller, or a 401 when credentials are missing or wrong. */
    public Caller authenticate(HttpRequest request, boolean allowQueryToken) {
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
            return token(value.substring(7).strip());
        }
        if (allowQueryToken) {
            Optional<String> token = request.getUri().query().get("token");
            if (token.isPresent()) {
                return token(token.get());
            }
        }
        throw ApiProblem.unauthorized(
                allowQueryToken
                        ? "a token is required: ?token=<ACCESS_TOKEN> or an Authorization header"
                        : "a bearer token or an X-API-Key is required");
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

    private Caller token(String token) {
        TokenService.Verified known = verified.get(token);
        if (known != null && tokens.stillValid(known)) {
            return known.caller();
        }
        if (known != null) {
            verified.remove(token);
        }
        TokenService.Verified checked = tokens.check(token);
        if (verified.size() >= MAX_TOKENS) {
            verified.clear();
        }
        verified.put(token, checked);
        return checked.caller();
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
