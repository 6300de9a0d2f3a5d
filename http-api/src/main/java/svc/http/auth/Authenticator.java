package svc.http.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.pekko.http.javadsl.model.HttpRequest;
import svc.governance.permission.Role;
import svc.http.problem.ApiProblem;

/**
 * Finds the caller of a request: an {@code X-API-Key} from {@code SVC_API_KEYS} (admin
 * equivalent), a bearer token, or (WebSockets only, as browsers cannot set headers there) a
 * {@code ?token=} query parameter.
 */
public final class Authenticator {

    private final TokenService tokens;
    private final Set<String> apiKeys;

    public Authenticator(TokenService tokens, List<String> apiKeys) {
        this.tokens = tokens;
        this.apiKeys = Set.copyOf(apiKeys);
    }

    /** The caller, or a 401 when credentials are missing or wrong. */
    public Caller authenticate(HttpRequest request, boolean allowQueryToken) {
        Optional<String> key = request.getHeader("X-API-Key").map(h -> h.value().strip());
        if (key.isPresent()) {
            if (!constantTimeContains(key.get())) {
                throw ApiProblem.unauthorized("the X-API-Key is not one of the server's keys");
            }
            String hash = sha256Prefix(key.get());
            return new Caller("api-key:" + hash, Role.ADMIN, hash);
        }
        Optional<String> authorization =
                request.getHeader("Authorization").map(h -> h.value().strip());
        if (authorization.isPresent()) {
            String value = authorization.get();
            if (!value.regionMatches(true, 0, "Bearer ", 0, 7)) {
                throw ApiProblem.unauthorized("the Authorization header must be 'Bearer <token>'");
            }
            return tokens.verify(value.substring(7).strip());
        }
        if (allowQueryToken) {
            Optional<String> token = request.getUri().query().get("token");
            if (token.isPresent()) {
                return tokens.verify(token.get());
            }
        }
        throw ApiProblem.unauthorized(
                allowQueryToken
                        ? "a token is required: ?token=<ACCESS_TOKEN> or an Authorization header"
                        : "a bearer token or an X-API-Key is required");
    }

    private boolean constantTimeContains(String key) {
        boolean found = false;
        for (String k : apiKeys) {
            found |= MessageDigest.isEqual(k.getBytes(StandardCharsets.UTF_8), key.getBytes(StandardCharsets.UTF_8));
        }
        return found;
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
