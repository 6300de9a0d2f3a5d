package svc.persistence.users;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The {@code users} table. Emails are stored lower-case so that a login does not depend on how
 * the user typed them. Every method takes the connection so the caller owns the transaction.
 */
public final class UserRepository {

    private static final String COLUMNS = "email, password_hash, role, created_at, created_by, disabled, source";

    /** Inserts the user; false when the email is already taken (nothing is changed then). */
    public boolean insert(Connection c, UserRow user) throws SQLException {
        String sql = "INSERT INTO users (" + COLUMNS + ")"
                + " SELECT ?, ?, ?, ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM users WHERE email = ?)";
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            String email = normalise(user.email());
            ps.setString(1, email);
            ps.setString(2, user.passwordHash());
            ps.setString(3, user.role());
            ps.setTimestamp(4, Timestamp.from(user.createdAt()));
            ps.setString(5, user.createdBy());
            ps.setBoolean(6, user.disabled());
            ps.setString(7, user.source());
            ps.setString(8, email);
            return ps.executeUpdate() == 1;
        }
    }

    public Optional<UserRow> find(Connection c, String email) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM users WHERE email = ?")) {
            ps.setString(1, normalise(email));
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(row(rs)) : Optional.empty();
            }
        }
    }

    /** Every user, by email. */
    public List<UserRow> list(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM users ORDER BY email");
                ResultSet rs = ps.executeQuery()) {
            List<UserRow> rows = new ArrayList<>();
            while (rs.next()) {
                rows.add(row(rs));
            }
            return rows;
        }
    }

    /** Sets the role; false when there is no such user. */
    public boolean setRole(Connection c, String email, String role, Instant at) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("UPDATE users SET role = ?, updated_at = ? WHERE email = ?")) {
            ps.setString(1, role);
            ps.setTimestamp(2, Timestamp.from(at));
            ps.setString(3, normalise(email));
            return ps.executeUpdate() == 1;
        }
    }

    /** Disables or enables the user; false when there is no such user. */
    public boolean setDisabled(Connection c, String email, boolean disabled, Instant at) throws SQLException {
        try (PreparedStatement ps =
                c.prepareStatement("UPDATE users SET disabled = ?, updated_at = ? WHERE email = ?")) {
            ps.setBoolean(1, disabled);
            ps.setTimestamp(2, Timestamp.from(at));
            ps.setString(3, normalise(email));
            return ps.executeUpdate() == 1;
        }
    }

    public int count(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM users");
                ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private static UserRow row(ResultSet rs) throws SQLException {
        return new UserRow(
                rs.getString(1),
                rs.getString(2),
                rs.getString(3),
                rs.getTimestamp(4).toInstant(),
                rs.getString(5),
                rs.getBoolean(6),
                rs.getString(7));
    }

    private static String normalise(String email) {
        return email == null ? null : email.strip().toLowerCase(Locale.ROOT);
    }
}
