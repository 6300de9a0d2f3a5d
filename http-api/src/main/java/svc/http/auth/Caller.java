package svc.http.auth;

import svc.governance.permission.Role;

/**
 * Who is calling, once authenticated.
 *
 * @param subject the user's email, or {@code api-key:<sha256 prefix>} for an API key
 * @param role the role in force
 * @param apiKeyHash the first 12 hex characters of the key's SHA-256 when an API key was used, else null
 */
public record Caller(String subject, Role role, String apiKeyHash) {}
