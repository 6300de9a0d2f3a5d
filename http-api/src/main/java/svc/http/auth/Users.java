package svc.http.auth;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.governance.permission.Role;
import svc.http.problem.ApiProblem;
import svc.persistence.Database;
import svc.persistence.users.UserRepository;
import svc.persistence.users.UserRow;

/**
 * API users: login, creation by an admin, and the first-boot admin. Hashing and JDBC run on the
 * blocking executor, never on a request thread.
 */
public final class Users {

    private static final Logger LOG = LoggerFactory.getLogger(Users.class);
    private static final int MIN_PASSWORD = 8;

    private final Database database;
    private final Executor blocking;
    private final PasswordHasher hasher;
    private final Clock clock;
    private final LoginThrottle throttle;
    private final UserRepository repository = new UserRepository();

    public Users(Database database, Executor blocking, PasswordHasher hasher, Clock clock, LoginThrottle throttle) {
        this.database = database;
        this.blocking = blocking;
        this.hasher = hasher;
        this.clock = clock;
        this.throttle = throttle;
    }

    /**
     * Creates the first admin when there is no user yet: from {@code SVC_ADMIN_EMAIL} and
     * {@code SVC_ADMIN_PASSWORD}, or {@code admin@localhost} with a generated password that is
     * logged once and written to {@code $SVC_HOME/admin-password} (mode 0600).
     */
    public void bootstrapAdmin(Path home, Map<String, String> env) {
        try (Connection c = database.connection()) {
            if (repository.count(c) > 0) {
                return;
            }
            String email = blankToNull(env.get("SVC_ADMIN_EMAIL"));
            String password = blankToNull(env.get("SVC_ADMIN_PASSWORD"));
            email = email == null ? "admin@localhost" : email;
            boolean generated = password == null;
            if (generated) {
                byte[] bytes = new byte[18];
                new SecureRandom().nextBytes(bytes);
                password = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
            }
            repository.insert(
                    c, new UserRow(email, hasher.hash(password), Role.ADMIN.wireName(), clock.instant(), "first-boot"));
            if (generated) {
                Path file = home.resolve("admin-password");
                JwtKeys.SecretFiles.writePrivate(file, password);
                // The password goes to a 0600 file only, never to a log line.
                LOG.warn(
                        "first boot: created admin {}; its generated password is in {}"
                                + " (readable by this user only); change it",
                        email,
                        file);
            } else {
                LOG.info("first boot: created admin {} from SVC_ADMIN_EMAIL", email);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create the first admin: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the first admin's password under " + home, e);
        }
    }

    /**
     * The user with these credentials, or a 401 that does not say which part was wrong. Throttled
     * per account and per client IP ({@link LoginThrottle}: a 429 before the password is checked);
     * a disabled user is refused (401 saying so, only once the password was right).
     */
    public CompletionStage<UserRow> login(String email, String password, String ip) {
        return CompletableFuture.supplyAsync(
                () -> {
                    jdbc(c -> {
                        throttle.check(c, email, ip);
                        return null;
                    });
                    Optional<UserRow> user = jdbc(c -> repository.find(c, email));
                    boolean ok;
                    if (user.isEmpty()) {
                        hasher.verifyDecoy(password);
                        ok = false;
                    } else {
                        ok = hasher.verify(password, user.get().passwordHash());
                    }
                    if (!ok) {
                        jdbc(c -> {
                            throttle.failed(c, email, ip);
                            return null;
                        });
                        throw ApiProblem.unauthorized("unknown email or wrong password");
                    }
                    jdbc(c -> {
                        throttle.succeeded(c, email);
                        return null;
                    });
                    if (user.get().disabled()) {
                        throw ApiProblem.unauthorized("this account is disabled; ask an admin");
                    }
                    return user.get();
                },
                blocking);
    }

    /** Whether the subject of a token still exists (refresh refuses deleted users). */
    public CompletionStage<Optional<UserRow>> find(String email) {
        return CompletableFuture.supplyAsync(() -> jdbc(c -> repository.find(c, email)), blocking);
    }

    public CompletionStage<UserRow> create(String email, String password, Role role, String by) {
        if (email == null || !email.matches("[^@\\s]+@[^@\\s]+")) {
            return CompletableFuture.failedFuture(
                    ApiProblem.badRequest("email: must be an address like name@example.com"));
        }
        if (password == null || password.length() < MIN_PASSWORD) {
            return CompletableFuture.failedFuture(
                    ApiProblem.badRequest("password: must be at least " + MIN_PASSWORD + " characters"));
        }
        return CompletableFuture.supplyAsync(
                () -> {
                    UserRow row = new UserRow(
                            email.strip().toLowerCase(Locale.ROOT),
                            hasher.hash(password),
                            role.wireName(),
                            clock.instant(),
                            by);
                    if (!jdbc(c -> repository.insert(c, row))) {
                        throw ApiProblem.conflict("a user " + row.email() + " already exists");
                    }
                    return row;
                },
                blocking);
    }

    /** Every user, by email. */
    public CompletionStage<List<UserRow>> list() {
        return CompletableFuture.supplyAsync(() -> jdbc(repository::list), blocking);
    }

    /**
     * Changes a user's role and/or disabled flag (null leaves it); the user as it is afterwards,
     * or a 404. An admin cannot disable or demote themself, so the last admin cannot lock
     * everyone out by mistake.
     */
    public CompletionStage<UserRow> update(String email, Role role, Boolean disabled, String by) {
        return CompletableFuture.supplyAsync(
                () -> {
                    Instant now = clock.instant();
                    return jdbc(c -> {
                        UserRow user =
                                repository.find(c, email).orElseThrow(() -> ApiProblem.notFound("no user " + email));
                        boolean self = user.email().equalsIgnoreCase(by);
                        if (self && (Boolean.TRUE.equals(disabled) || (role != null && role != Role.ADMIN))) {
                            throw ApiProblem.conflict("an admin cannot disable or demote themself; ask another admin");
                        }
                        if (role != null) {
                            repository.setRole(c, email, role.wireName(), now);
                        }
                        if (disabled != null) {
                            repository.setDisabled(c, email, disabled, now);
                        }
                        return repository.find(c, email).orElseThrow();
                    });
                },
                blocking);
    }

    /**
     * The user a single sign-on stands for, made on first sign-in and given the role the
     * identity provider's groups map to on every sign-in after (the IdP is the source of truth
     * for SSO users' roles). A disabled user stays refused. A user made here has the bcrypt hash
     * of a random secret nobody knows, so the password routes never let them in.
     */
    public CompletionStage<UserRow> signInWithSso(String email, Role role) {
        return CompletableFuture.supplyAsync(
                () -> {
                    Optional<UserRow> known = jdbc(c -> repository.find(c, email));
                    if (known.isEmpty()) {
                        byte[] secret = new byte[32];
                        new SecureRandom().nextBytes(secret);
                        UserRow row = new UserRow(
                                email.strip().toLowerCase(Locale.ROOT),
                                hasher.hash(Base64.getEncoder().encodeToString(secret)),
                                role.wireName(),
                                clock.instant(),
                                "oidc",
                                false,
                                UserRow.OIDC);
                        jdbc(c -> repository.insert(c, row));
                    } else if (!known.get().role().equals(role.wireName())) {
                        jdbc(c -> repository.setRole(c, email, role.wireName(), clock.instant()));
                    }
                    UserRow user = jdbc(c -> repository.find(c, email)).orElseThrow();
                    if (user.disabled()) {
                        throw ApiProblem.denied("this account is disabled; ask an admin", "user-disabled");
                    }
                    return user;
                },
                blocking);
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

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }
}
