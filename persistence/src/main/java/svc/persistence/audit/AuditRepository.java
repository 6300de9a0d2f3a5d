package svc.persistence.audit;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import svc.persistence.crypto.ColumnSeal;

/**
 * The {@code audit_log} table: appended to, read newest first with filters. At rest the free-text
 * {@code detail} is sealed under {@link ColumnSeal}; actor, action, target, status and time stay
 * in clear: the API filters on them.
 */
public final class AuditRepository {

    /** The sealed column, {@code table.column} (the seal's context). */
    public static final String DETAIL = "audit_log.detail";

    private final ColumnSeal seal;

    public AuditRepository(ColumnSeal seal) {
        this.seal = seal;
    }

    /** The filters of a read; null fields do not filter. {@code from} is inclusive, {@code to} exclusive. */
    public record Filter(String actor, String action, Instant from, Instant to) {}

    /** One page and the total count under the same filter. */
    public record Page(List<AuditRow> items, int total) {}

    public void append(Connection c, AuditRow row) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO audit_log (at, actor, action, method, target,"
                + " status, detail, correlation_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
            ps.setTimestamp(1, Timestamp.from(row.at()));
            ps.setString(2, cut(row.actor(), 320));
            ps.setString(3, cut(row.action(), 128));
            ps.setString(4, row.method());
            ps.setString(5, cut(row.target(), 2048));
            ps.setInt(6, row.status());
            ps.setString(7, row.detail() == null ? null : seal.seal(DETAIL, cut(row.detail(), 4000)));
            ps.setString(8, row.correlationId());
            ps.executeUpdate();
        }
    }

    public Page read(Connection c, Filter filter, int limit, int offset) throws SQLException {
        StringBuilder where = new StringBuilder(" WHERE 1 = 1");
        List<Object> args = new ArrayList<>();
        if (filter.actor() != null) {
            where.append(" AND actor = ?");
            args.add(filter.actor());
        }
        if (filter.action() != null) {
            where.append(" AND action = ?");
            args.add(filter.action());
        }
        if (filter.from() != null) {
            where.append(" AND at >= ?");
            args.add(Timestamp.from(filter.from()));
        }
        if (filter.to() != null) {
            where.append(" AND at < ?");
            args.add(Timestamp.from(filter.to()));
        }
        int total;
        try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM audit_log" + where)) {
            bind(ps, args);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                total = rs.getInt(1);
            }
        }
        List<AuditRow> items = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT id, at, actor, action, method, target, status, detail,"
                + " correlation_id FROM audit_log" + where + " ORDER BY at DESC, id DESC LIMIT ? OFFSET ?")) {
            List<Object> all = new ArrayList<>(args);
            all.add(limit);
            all.add(offset);
            bind(ps, all);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    items.add(new AuditRow(
                            rs.getLong(1),
                            rs.getTimestamp(2).toInstant(),
                            rs.getString(3),
                            rs.getString(4),
                            rs.getString(5),
                            rs.getString(6),
                            rs.getInt(7),
                            seal.open(DETAIL, rs.getString(8)),
                            rs.getString(9)));
                }
            }
        }
        return new Page(items, total);
    }

    private static void bind(PreparedStatement ps, List<Object> args) throws SQLException {
        for (int i = 0; i < args.size(); i++) {
            ps.setObject(i + 1, args.get(i));
        }
    }

    private static String cut(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max);
    }
}
