package svc.persistence.users;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The {@code api_tokens} table. Every method takes the connection so the caller owns the transaction. */
public final class ApiTokenRepository {

    private static final String COLUMNS =
            "t.id, t.owner, t.name, t.role, t.token_hash, t.created_at, t.expires_at," + " t.revoked_at";

    public void insert(Connection c, ApiTokenRow t) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO api_tokens (id, owner, name, role, token_hash,"
                + " created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
            ps.setString(1, t.id());
            ps.setString(2, t.owner());
            ps.setString(3, t.name());
            ps.setString(4, t.role());
            ps.setString(5, t.tokenHash());
            ps.setTimestamp(6, Timestamp.from(t.createdAt()));
            ps.setTimestamp(7, Timestamp.from(t.expiresAt()));
            ps.executeUpdate();
        }
    }

    /** The token with this secret hash, with its owner's state (disabled, role now) when the owner is a user. */
    public Optional<ApiTokenRow> findByHash(Connection c, String hash) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + ", u.disabled, u.role FROM api_tokens t"
                + " LEFT JOIN users u ON u.email = t.owner WHERE t.token_hash = ?")) {
            ps.setString(1, hash);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                ApiTokenRow t = row(rs);
                return Optional.of(new ApiTokenRow(
                        t.id(),
                        t.owner(),
                        t.name(),
                        t.role(),
                        t.tokenHash(),
                        t.createdAt(),
                        t.expiresAt(),
                        t.revokedAt(),
                        rs.getBoolean(9),
                        rs.getString(10)));
            }
        }
    }

    public Optional<ApiTokenRow> find(Connection c, String id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM api_tokens t WHERE t.id = ?")) {
            ps.setString(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(row(rs)) : Optional.empty();
            }
        }
    }

    /** The tokens of one owner, or of everyone when {@code owner} is null; newest first. */
    public List<ApiTokenRow> list(Connection c, String owner) throws SQLException {
        String sql = "SELECT " + COLUMNS + " FROM api_tokens t" + (owner == null ? "" : " WHERE t.owner = ?")
                + " ORDER BY t.created_at DESC, t.id";
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            if (owner != null) {
                ps.setString(1, owner);
            }
            try (ResultSet rs = ps.executeQuery()) {
                List<ApiTokenRow> rows = new ArrayList<>();
                while (rs.next()) {
                    rows.add(row(rs));
                }
                return rows;
            }
        }
    }

    /** Marks the token revoked (once; a second revocation keeps the first time); false when there is none. */
    public boolean revoke(Connection c, String id, Instant at) throws SQLException {
        try (PreparedStatement ps =
                c.prepareStatement("UPDATE api_tokens SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ?")) {
            ps.setTimestamp(1, Timestamp.from(at));
            ps.setString(2, id);
            return ps.executeUpdate() == 1;
        }
    }

    private static ApiTokenRow row(ResultSet rs) throws SQLException {
        Timestamp revoked = rs.getTimestamp(8);
        return new ApiTokenRow(
                rs.getString(1),
                rs.getString(2),
                rs.getString(3),
                rs.getString(4),
                rs.getString(5),
                rs.getTimestamp(6).toInstant(),
                rs.getTimestamp(7).toInstant(),
                revoked == null ? null : revoked.toInstant(),
                false,
                null);
    }
}
