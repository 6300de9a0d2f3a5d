package svc.persistence.denials;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.governance.permission.DenialRecord;
import svc.governance.permission.DenialSink;
import svc.persistence.crypto.ColumnSeal;

/**
 * The {@code permission_denials} table: the engine's {@link DenialSink} and the query behind the
 * denial audit. Recording is called from the permission check, which runs on a blocking
 * dispatcher; a failure to record is logged, never turned into an allow.
 */
public final class DenialRepository implements DenialSink {

    private static final Logger LOG = LoggerFactory.getLogger(DenialRepository.class);
    /** The reason quotes the tool's arguments or the model's request: sealed when at-rest encryption is on. */
    static final String REASON = "permission_denials.reason";

    private final DataSource dataSource;
    private final ColumnSeal seal;

    public DenialRepository(DataSource dataSource, ColumnSeal seal) {
        this.dataSource = dataSource;
        this.seal = seal;
    }

    @Override
    public void record(DenialRecord d) {
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement(
                        "INSERT INTO permission_denials (source, rule_id, reason, run_id, agent, tool, ts) VALUES (?, "
                                + "?, ?, ?, ?, ?, ?)")) {
            ps.setString(1, d.source());
            ps.setString(2, d.ruleId());
            ps.setString(3, seal.seal(REASON, d.reason()));
            ps.setString(4, d.runId());
            ps.setString(5, d.agent());
            ps.setString(6, d.tool());
            ps.setTimestamp(7, Timestamp.from(d.ts()));
            ps.executeUpdate();
        } catch (SQLException e) {
            LOG.error("could not store a permission denial ({} on {}): {}", d.source(), d.tool(), e.getMessage());
        }
    }

    /** Newest first; null filters match everything. */
    public List<DenialRecord> query(Instant since, String tool, String agent, int limit, int offset)
            throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT * FROM permission_denials WHERE 1 = 1");
        List<Object> args = new ArrayList<>();
        if (since != null) {
            sql.append(" AND ts >= ?");
            args.add(Timestamp.from(since));
        }
        if (tool != null) {
            sql.append(" AND tool = ?");
            args.add(tool);
        }
        if (agent != null) {
            sql.append(" AND agent = ?");
            args.add(agent);
        }
        sql.append(" ORDER BY ts DESC, id DESC LIMIT ? OFFSET ?");
        args.add(limit);
        args.add(offset);
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement(sql.toString())) {
            for (int i = 0; i < args.size(); i++) {
                ps.setObject(i + 1, args.get(i));
            }
            List<DenialRecord> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new DenialRecord(
                            rs.getString("source"),
                            rs.getString("rule_id"),
                            seal.open(REASON, rs.getString("reason")),
                            rs.getString("run_id"),
                            rs.getString("agent"),
                            rs.getString("tool"),
                            rs.getTimestamp("ts").toInstant()));
                }
            }
            return out;
        }
    }
}
