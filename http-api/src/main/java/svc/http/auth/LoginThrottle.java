package svc.http.auth;

import com.typesafe.config.Config;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import svc.http.problem.ApiProblem;
import svc.persistence.users.LoginFailureRepository;

/**
 * Slows password guessing on both sign-in routes, in every environment: failed sign-ins are
 * counted per account and per client IP over a sliding window, in the shared database so that
 * several nodes enforce one limit. Past either limit a sign-in is refused with a 429 before the
 * password is even checked, until the oldest failure leaves the window.
 *
 * <p>Only failures count, so people behind one NAT who sign in correctly are not throttled; the
 * account limit means a guesser can lock an account out for one window at most, which is the
 * usual price of per-account throttling. Blocking JDBC: called on the blocking executor only.
 */
public final class LoginThrottle {

    /** The limits, read once from {@code svc.auth.login-throttle}. */
    public record Limits(Duration window, int perAccount, int perIp) {

        public Limits {
            if (window.isNegative() || window.isZero()) {
                throw new IllegalArgumentException("svc.auth.login-throttle.window must be positive, got " + window);
            }
            if (perAccount < 1 || perIp < 1) {
                throw new IllegalArgumentException("svc.auth.login-throttle: max-failures-per-account and"
                        + " max-failures-per-ip must be 1 or more, got " + perAccount + " and " + perIp);
            }
        }

        public static Limits from(Config config) {
            Config c = config.getConfig("svc.auth.login-throttle");
            return new Limits(
                    c.getDuration("window"), c.getInt("max-failures-per-account"), c.getInt("max-failures-per-ip"));
        }
    }

    private final Limits limits;
    private final Clock clock;
    private final LoginFailureRepository repository = new LoginFailureRepository();

    public LoginThrottle(Limits limits, Clock clock) {
        this.limits = limits;
        this.clock = clock;
    }

    /** Throws a 429 when the account or the IP has used up its failures in the window. */
    public void check(Connection c, String email, String ip) throws SQLException {
        Instant now = clock.instant();
        Instant since = now.minus(limits.window());
        refuseOver(
                repository.count(c, LoginFailureRepository.ACCOUNT, account(email), since),
                limits.perAccount(),
                "this account",
                now);
        refuseOver(repository.count(c, LoginFailureRepository.IP, ip, since), limits.perIp(), "this address", now);
    }

    /** Records one failure for both keys and forgets rows no window needs any more. */
    public void failed(Connection c, String email, String ip) throws SQLException {
        Instant now = clock.instant();
        repository.record(c, LoginFailureRepository.ACCOUNT, account(email), now);
        repository.record(c, LoginFailureRepository.IP, ip, now);
        repository.prune(c, now.minus(limits.window()));
    }

    /** A successful sign-in: the account starts afresh. */
    public void succeeded(Connection c, String email) throws SQLException {
        repository.clear(c, LoginFailureRepository.ACCOUNT, account(email));
    }

    private void refuseOver(LoginFailureRepository.Count count, int limit, String what, Instant now) {
        if (count.failures() < limit) {
            return;
        }
        long retry = count.oldest()
                .map(o -> Math.max(
                        1, Duration.between(now, o.plus(limits.window())).toSeconds() + 1))
                .orElse(limits.window().toSeconds());
        throw ApiProblem.tooManyRequests(
                "too many failed sign-ins for " + what + " (" + limit + " in "
                        + limits.window().toSeconds() + " s); retry in " + retry + " s",
                retry);
    }

    private static String account(String email) {
        return email == null ? "" : email.strip().toLowerCase(Locale.ROOT);
    }
}
