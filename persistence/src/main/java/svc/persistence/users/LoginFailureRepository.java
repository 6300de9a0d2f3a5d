package svc.persistence.users;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;

/**
 * The {@code login_failures} table: one row per failed sign-in and scope ({@code account} or
 * {@code ip}), shared by every node so a throttle holds across the cluster.
 */
public final class LoginFailureRepository {

    public static final String ACCOUNT = "account";
    public static final String IP = "ip";

    public void record(Connection c, String scope, String subject, Instant at) throws SQLException {
        try (PreparedStatement ps =
                c.prepareStatement("INSERT INTO login_failures (scope, subject, at) VALUES (?, ?, ?)")) {
            ps.setString(1, scope);
            ps.setString(2, subject);
            ps.setTimestamp(3, Timestamp.from(at));
            ps.executeUpdate();
        }
    }

    /** How many failures of this key since {@code since}, and the oldest of them (when the window frees a slot). */
    public Count count(Connection c, String scope, String subject, Instant since) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT COUNT(*), MIN(at) FROM login_failures WHERE scope = ? AND subject = ? AND at > ?")) {
            ps.setString(1, scope);
            ps.setString(2, subject);
            ps.setTimestamp(3, Timestamp.from(since));
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                Timestamp oldest = rs.getTimestamp(2);
                return new Count(rs.getInt(1), Optional.ofNullable(oldest).map(Timestamp::toInstant));
            }
        }
    }

    /** Forgets a key's failures (an account's after a successful sign-in). */
    public void clear(Connection c, String scope, String subject) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM login_failures WHERE scope = ? AND subject = ?")) {
            ps.setString(1, scope);
            ps.setString(2, subject);
            ps.executeUpdate();
        }
    }

    /** Deletes rows no window looks at any more. */
    public int prune(Connection c, Instant before) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM login_failures WHERE at <= ?")) {
            ps.setTimestamp(1, Timestamp.from(before));
            return ps.executeUpdate();
        }
    }

    public record Count(int failures, Optional<Instant> oldest) {}
}
