package svc.http.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import svc.governance.permission.Role;
import svc.http.problem.ApiProblem;
import svc.persistence.Database;
import svc.persistence.users.ApiTokenRepository;
import svc.persistence.users.ApiTokenRow;

/**
 * Personal API tokens: made by a signed-in user with a role no higher than their own and an
 * expiry, shown once, kept only as the SHA-256 of the secret, listed without it, revoked.
 *
 * <p>SHA-256 and not bcrypt: the secret is 256 random bits, so no guessing attack on its hash is
 * possible and a slow hash buys nothing; it would instead cost about a quarter of a second of CPU
 * on every API call (tokens are sent with each request, unlike a password), and a salted hash
 * could not be looked up by value. The lookup is by hash, then the stored hash is compared again in
 * constant time.
 *
 * <p>Every use reads the token's row (no cache), so a revocation, an expiry and the owner's
 * disabling take effect at once on every node. The role in force is the lower of the token's and
 * the owner's current role, so demoting a user also caps their tokens.
 */
public final class ApiTokens {

    /** Every secret starts with this, so a bearer value is told apart from a JWT without parsing. */
    public static final String PREFIX = "svct_";

    /** Every token id starts with this. */
    public static final String ID_PREFIX = "tok-";

    private static final SecureRandom RANDOM = new SecureRandom();

    private final Database database;
    private final Executor blocking;
    private final Clock clock;
    private final ApiTokenRepository repository = new ApiTokenRepository();

    public ApiTokens(Database database, Executor blocking, Clock clock) {
        this.database = database;
        this.blocking = blocking;
        this.clock = clock;
    }

    /** A new token and its secret (the only time the secret exists outside the caller's hands). */
    public record Created(ApiTokenRow row, String secret) {}

    public static boolean looksLikeToken(String value) {
        return value.startsWith(PREFIX);
    }

    /** Makes a token owned by the caller; a role above the caller's is a 403. */
    public CompletionStage<Created> create(Caller caller, String name, Role role, Instant expiresAt) {
        if (role.ordinal() > caller.role().ordinal()) {
            return CompletableFuture.failedFuture(ApiProblem.denied(
                    "a token's role may be at most the caller's own ("
                            + caller.role().wireName() + "), not " + role.wireName(),
                    "token-role-ceiling"));
        }
        Instant now = clock.instant();
        if (!expiresAt.isAfter(now)) {
            return CompletableFuture.failedFuture(ApiProblem.badRequest("expires_at: must be in the future"));
        }
        return CompletableFuture.supplyAsync(
                () -> {
                    byte[] bytes = new byte[32];
                    RANDOM.nextBytes(bytes);
                    String secret =
                            PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
                    byte[] id = new byte[8];
                    RANDOM.nextBytes(id);
                    ApiTokenRow row = new ApiTokenRow(
                            ID_PREFIX + HexFormat.of().formatHex(id),
                            caller.subject(),
                            name,
                            role.wireName(),
                            sha256(secret),
                            now,
                            expiresAt,
                            null,
                            false,
                            null);
                    jdbc(c -> {
                        repository.insert(c, row);
                        return null;
                    });
                    return new Created(row, secret);
                },
                blocking);
    }

    /** The caller's tokens, or everyone's ({@code all}, admins only: checked by the endpoint). */
    public CompletionStage<List<ApiTokenRow>> list(String owner) {
        return CompletableFuture.supplyAsync(() -> jdbc(c -> repository.list(c, owner)), blocking);
    }

    /**
     * Revokes a token of the caller's (an admin: anyone's). Another user's token is a 404, as if
     * it did not exist.
     */
    public CompletionStage<ApiTokenRow> revoke(Caller caller, String id) {
        return CompletableFuture.supplyAsync(
                () -> jdbc(c -> {
                    Optional<ApiTokenRow> found = repository.find(c, id);
                    if (found.isEmpty()
                            || (caller.role() != Role.ADMIN
                                    && !found.get().owner().equals(caller.subject()))) {
                        throw ApiProblem.notFound("no token " + id);
                    }
                    repository.revoke(c, id, clock.instant());
                    return repository.find(c, id).orElseThrow();
                }),
                blocking);
    }

    /** The caller a secret stands for, or a 401: unknown, revoked, expired, or its owner disabled. */
    public CompletionStage<Caller> authenticate(String secret, Caller.Via via) {
        return CompletableFuture.supplyAsync(
                () -> {
                    String hash = sha256(secret);
                    ApiTokenRow t = jdbc(c -> repository.findByHash(c, hash))
                            .filter(row -> MessageDigest.isEqual(
                                    row.tokenHash().getBytes(StandardCharsets.US_ASCII),
                                    hash.getBytes(StandardCharsets.US_ASCII)))
                            .orElseThrow(() -> ApiProblem.unauthorized("the API token is not valid"));
                    if (t.revokedAt() != null) {
                        throw ApiProblem.unauthorized("the API token was revoked");
                    }
                    if (!t.expiresAt().isAfter(clock.instant())) {
                        throw ApiProblem.unauthorized("the API token has expired");
                    }
                    if (t.ownerDisabled()) {
                        throw ApiProblem.unauthorized("the API token's owner is disabled");
                    }
                    Role role = Role.fromWire(t.role());
                    if (t.ownerRole() != null) {
                        Role owner = Role.fromWire(t.ownerRole());
                        role = owner.ordinal() < role.ordinal() ? owner : role;
                    }
                    return new Caller(t.owner(), role, t.id(), via);
                },
                blocking);
    }

    static String sha256(String secret) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private interface SqlWork<T> {
        T apply(Connection c) throws SQLException;
    }

    private <T> T jdbc(SqlWork<T> work) {
        try (Connection c = database.connection()) {
            return work.apply(c);
        } catch (SQLException e) {
            throw new IllegalStateException("database error: " + e.getMessage(), e);
        }
    }
}
