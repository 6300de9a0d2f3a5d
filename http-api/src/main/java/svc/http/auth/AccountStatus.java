package svc.http.auth;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.LongSupplier;
import svc.http.problem.ApiProblem;
import svc.persistence.Database;
import svc.persistence.users.UserRepository;
import svc.persistence.users.UserRow;

/**
 * Whether the user a JWT or session names is disabled, checked at every authentication. JWTs
 * carry no server state, so this is what makes a disable refuse tokens issued before it.
 *
 * <p>What was read is trusted for {@code svc.auth.user-cache} (2 s by default) so a busy client
 * does not cost a query per request: a disable made through this node is applied at once (the
 * entry is dropped), one made through another node within that time. A subject that is no user
 * (a token refreshed with a configured API key) is not refused here. Bounded by emptying when full.
 */
public final class AccountStatus {

    static final int MAX_ENTRIES = 10_000;

    private record Seen(boolean disabled, long atNanos) {}

    private final Database database;
    private final Executor blocking;
    private final long ttlNanos;
    private final LongSupplier nanos;
    private final UserRepository repository = new UserRepository();
    private final Map<String, Seen> seen = new ConcurrentHashMap<>();

    public AccountStatus(Database database, Executor blocking, Duration ttl, LongSupplier nanos) {
        this.database = database;
        this.blocking = blocking;
        this.ttlNanos = ttl.toNanos();
        this.nanos = nanos;
    }

    /** The caller again, or a failed stage with a 401 when its user is disabled. */
    public CompletionStage<Caller> admit(Caller caller) {
        String key = caller.subject();
        Seen known = seen.get(key);
        long now = nanos.getAsLong();
        if (known != null && now - known.atNanos() < ttlNanos) {
            return known.disabled() ? refused() : CompletableFuture.completedFuture(caller);
        }
        return CompletableFuture.supplyAsync(
                () -> {
                    boolean disabled = read(key).map(UserRow::disabled).orElse(false);
                    if (seen.size() >= MAX_ENTRIES) {
                        seen.clear();
                    }
                    seen.put(key, new Seen(disabled, nanos.getAsLong()));
                    if (disabled) {
                        throw disabledProblem();
                    }
                    return caller;
                },
                blocking);
    }

    /** Forgets what was read of a user: called when it changes on this node. */
    public void changed(String email) {
        seen.remove(email);
        seen.remove(email.strip().toLowerCase(Locale.ROOT));
    }

    private Optional<UserRow> read(String email) {
        try (Connection c = database.connection()) {
            return repository.find(c, email);
        } catch (SQLException e) {
            throw new IllegalStateException("database error: " + e.getMessage(), e);
        }
    }

    private static CompletionStage<Caller> refused() {
        return CompletableFuture.failedFuture(disabledProblem());
    }

    private static ApiProblem disabledProblem() {
        return ApiProblem.unauthorized("this account is disabled; ask an admin");
    }
}
