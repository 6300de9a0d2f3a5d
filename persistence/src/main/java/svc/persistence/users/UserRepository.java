package svc.persistence.users;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.Locale;
import java.util.Optional;

/**
 * The {@code users} table. Emails are stored lower-case so that a login does not depend on how
 * the user typed them. Every method takes the connection so the caller owns the transaction.
 */
public final class UserRepository {

    /** Inserts the user; false when the email is already taken (nothing is changed then). */
    public boolean insert(Connection c, UserRow user) throws SQLException {
        String sql = "INSERT INTO users (email, password_hash, role, created_at, created_by)"
                + " SELECT ?, ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM users WHERE email = ?)";
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            String email = normalise(user.email());
            ps.setString(1, email);
            ps.setString(2, user.passwordHash());
            ps.setString(3, user.role());
            ps.setTimestamp(4, Timestamp.from(user.createdAt()));
            ps.setString(5, user.createdBy());
            ps.setString(6, email);
            return ps.executeUpdate() == 1;
        }
    }

    public Optional<UserRow> find(Connection c, String email) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT email, password_hash, role, created_at, created_by FROM users WHERE email = ?")) {
            ps.setString(1, normalise(email));
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                return Optional.of(new UserRow(
                        rs.getString(1),
                        rs.getString(2),
                        rs.getString(3),
                        rs.getTimestamp(4).toInstant(),
                        rs.getString(5)));
            }
        }
    }

    public int count(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM users");
                ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private static String normalise(String email) {
        return email == null ? null : email.strip().toLowerCase(Locale.ROOT);
    }
}
