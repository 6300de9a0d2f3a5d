package svc.cli.client;

/**
 * The cached login, as {@code ~/.svc/auth.json} holds it.
 *
 * @param url the server the token was issued by; the token is only ever sent there
 * @param token the bearer token (a JWT)
 * @param email who logged in, or null for a token migrated from {@code ~/.svc/token}
 */
public record StoredAuth(String url, String token, String email) {}
