package svc.persistence.features;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.sql.DataSource;

/**
 * The {@code feature_overrides} table: a flag's runtime override, the same for every node and kept
 * across restarts. Blocking JDBC: call it on the JDBC dispatcher.
 */
public final class FeatureOverrideRepository {

    private final DataSource dataSource;

    public FeatureOverrideRepository(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** Every override, by flag name. */
    public Map<String, Boolean> all() throws SQLException {
        Map<String, Boolean> out = new LinkedHashMap<>();
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT name, enabled FROM feature_overrides ORDER BY name");
                ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.put(rs.getString(1), rs.getBoolean(2));
            }
        }
        return out;
    }

    /** Sets (or replaces) a flag's override. */
    public void put(String name, boolean enabled, Instant at) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try (PreparedStatement delete = c.prepareStatement("DELETE FROM feature_overrides WHERE name = ?");
                    PreparedStatement insert = c.prepareStatement(
                            "INSERT INTO feature_overrides (name, enabled, updated_at) VALUES (?, ?, ?)")) {
                delete.setString(1, name);
                delete.executeUpdate();
                insert.setString(1, name);
                insert.setBoolean(2, enabled);
                insert.setTimestamp(3, Timestamp.from(at));
                insert.executeUpdate();
                c.commit();
            } catch (SQLException e) {
                c.rollback();
                throw e;
            }
        }
    }

    /** Removes a flag's override. */
    public void remove(String name) throws SQLException {
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement("DELETE FROM feature_overrides WHERE name = ?")) {
            ps.setString(1, name);
            ps.executeUpdate();
        }
    }
}
