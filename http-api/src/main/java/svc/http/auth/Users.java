package svc.http.auth;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.util.Base64;
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
    private final UserRepository repository = new UserRepository();

    public Users(Database database, Executor blocking, PasswordHasher hasher, Clock clock) {
        this.database = database;
        this.blocking = blocking;
        this.hasher = hasher;
        this.clock = clock;
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

    /** The user with these credentials, or a 401 that does not say which part was wrong. */
    public CompletionStage<UserRow> login(String email, String password) {
        return CompletableFuture.supplyAsync(
                () -> {
                    Optional<UserRow> user = jdbc(c -> repository.find(c, email));
                    if (user.isEmpty()) {
                        hasher.verifyDecoy(password);
                        throw ApiProblem.unauthorized("unknown email or wrong password");
                    }
                    if (!hasher.verify(password, user.get().passwordHash())) {
                        throw ApiProblem.unauthorized("unknown email or wrong password");
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
