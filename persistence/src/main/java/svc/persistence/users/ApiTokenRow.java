package svc.persistence.users;

import java.time.Instant;

/**
 * One API token, without its secret: only {@code tokenHash} (hex SHA-256 of the secret) is kept.
 *
 * @param ownerDisabled whether the owner is a disabled user (false when the owner is no user, e.g. a
 *     configured API key); filled by {@link ApiTokenRepository#findByHash} only
 * @param ownerRole the owner's role now, when the owner is a user; filled by {@code findByHash} only
 */
public record ApiTokenRow(
        String id,
        String owner,
        String name,
        String role,
        String tokenHash,
        Instant createdAt,
        Instant expiresAt,
        Instant revokedAt,
        boolean ownerDisabled,
        String ownerRole) {}
