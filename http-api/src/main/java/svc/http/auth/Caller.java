package svc.http.auth;

import java.util.Locale;
import svc.governance.permission.Role;

/**
 * Who is calling, once authenticated.
 *
 * @param subject the user's email, or {@code api-key:<sha256 prefix>} for a configured API key
 * @param role the role in force
 * @param apiKeyHash the first 12 hex characters of the key's SHA-256 when a configured API key was
 *     used, the token's id when an API token was, else null (rate limits count per key)
 * @param via how the credential came: {@code session} cookie, {@code bearer} header or {@code api_key} header
 */
public record Caller(String subject, Role role, String apiKeyHash, Via via) {

    /** The way a request carried its credential, as {@code GET /api/v1/auth/me} names it. */
    public enum Via {
        SESSION,
        BEARER,
        API_KEY;

        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** A caller whose way in follows from the credential: a configured key came as X-API-Key, else a bearer token. */
    public Caller(String subject, Role role, String apiKeyHash) {
        this(subject, role, apiKeyHash, apiKeyHash == null ? Via.BEARER : Via.API_KEY);
    }

    public Caller via(Via how) {
        return new Caller(subject, role, apiKeyHash, how);
    }
}
