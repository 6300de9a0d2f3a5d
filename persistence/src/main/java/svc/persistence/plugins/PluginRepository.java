package svc.persistence.plugins;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * The {@code plugins} table (archives of installed plugins, shared by every node) and the
 * {@code plugin_hook_executions} audit table. Every method blocks: call it on a blocking dispatcher.
 */
public final class PluginRepository {

    private final DataSource dataSource;

    public PluginRepository(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** Stores a new plugin; false when one of that name is already installed (nothing is changed). */
    public boolean insert(PluginRow row, byte[] archive) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM plugins WHERE name = ?")) {
                ps.setString(1, row.name());
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next()) {
                        return false;
                    }
                }
            }
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO plugins (name, version, description, sha256,"
                    + " archive, installed_at, installed_by) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
                ps.setString(1, row.name());
                ps.setString(2, row.version());
                ps.setString(3, row.description());
                ps.setString(4, row.sha256());
                ps.setBytes(5, archive);
                ps.setTimestamp(6, Timestamp.from(row.installedAt()));
                ps.setString(7, row.installedBy());
                ps.executeUpdate();
                return true;
            } catch (SQLException e) {
                // Two nodes installing the same name at once: the primary key lets one win.
                if (e.getSQLState() != null && e.getSQLState().startsWith("23")) {
                    return false;
                }
                throw e;
            }
        }
    }

    public boolean delete(String name) throws SQLException {
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement("DELETE FROM plugins WHERE name = ?")) {
            ps.setString(1, name);
            return ps.executeUpdate() > 0;
        }
    }

    /** Every installed plugin, by name, without archives. */
    public List<PluginRow> list() throws SQLException {
        List<PluginRow> rows = new ArrayList<>();
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT name, version, description, sha256, installed_at,"
                        + " installed_by FROM plugins ORDER BY name");
                ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                rows.add(new PluginRow(
                        rs.getString(1),
                        rs.getString(2),
                        rs.getString(3),
                        rs.getString(4),
                        rs.getTimestamp(5).toInstant(),
                        rs.getString(6)));
            }
        }
        return rows;
    }

    public Optional<byte[]> archive(String name) throws SQLException {
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT archive FROM plugins WHERE name = ?")) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(rs.getBytes(1)) : Optional.empty();
            }
        }
    }

    public void recordExecution(HookExecutionRow r) throws SQLException {
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement("INSERT INTO plugin_hook_executions (plugin, event, command,"
                        + " exit_code, outcome, detail, run_id, agent, tool, duration_ms, ts)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            ps.setString(1, r.plugin());
            ps.setString(2, r.event());
            ps.setString(3, clip(r.command()));
            ps.setInt(4, r.exitCode());
            ps.setString(5, r.outcome());
            ps.setString(6, r.detail() == null ? null : clip(r.detail()));
            ps.setString(7, r.runId());
            ps.setString(8, r.agent());
            ps.setString(9, r.tool());
            ps.setLong(10, r.durationMs());
            ps.setTimestamp(11, Timestamp.from(r.ts()));
            ps.executeUpdate();
        }
    }

    /** Newest first; a null plugin matches every plugin. */
    public List<HookExecutionRow> executions(String plugin, int limit) throws SQLException {
        String sql = "SELECT plugin, event, command, exit_code, outcome, detail, run_id, agent, tool, duration_ms, ts"
                + " FROM plugin_hook_executions" + (plugin == null ? "" : " WHERE plugin = ?")
                + " ORDER BY id DESC LIMIT ?";
        List<HookExecutionRow> rows = new ArrayList<>();
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement(sql)) {
            int i = 1;
            if (plugin != null) {
                ps.setString(i++, plugin);
            }
            ps.setInt(i, limit);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    rows.add(new HookExecutionRow(
                            rs.getString(1),
                            rs.getString(2),
                            rs.getString(3),
                            rs.getInt(4),
                            rs.getString(5),
                            rs.getString(6),
                            rs.getString(7),
                            rs.getString(8),
                            rs.getString(9),
                            rs.getLong(10),
                            rs.getTimestamp(11).toInstant()));
                }
            }
        }
        return rows;
    }

    private static String clip(String s) {
        return s.length() <= 4000 ? s : s.substring(0, 3997) + "...";
    }
}
