package svc.persistence.costs;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The {@code cost_ledger} table: one row per increase of an agent's LLM spend in a run, written
 * by the run projection, so the sum of a run's rows is the run's {@code cost_usd}. The costs
 * report is one grouped query over it, never a journal scan.
 */
public final class CostRepository {

    /** What the report sums by; {@code column} is the ledger column. */
    public enum GroupBy {
        AGENT("agent"),
        RUN("run_id"),
        MODEL("model"),
        PROVIDER("provider");

        private final String column;

        GroupBy(String column) {
            this.column = column;
        }

        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The group of a wire name ({@code agent}, {@code run}, {@code model}, {@code provider}), or null. */
        public static GroupBy of(String wireName) {
            for (GroupBy g : values()) {
                if (g.wireName().equals(wireName)) {
                    return g;
                }
            }
            return null;
        }
    }

    /** One line of the report: the group's key ({@code unknown} when not recorded), its spend and runs. */
    public record CostGroup(String key, double costUsd, int runs) {}

    /** Spend recorded before the model or provider was: the key it is reported under. */
    public static final String UNKNOWN = "unknown";

    public void record(
            Connection c, String runId, String agent, String model, String provider, Instant at, double costUsd)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO cost_ledger (run_id, agent, model, provider,"
                + " spent_at, cost_usd) VALUES (?, ?, ?, ?, ?, ?)")) {
            ps.setString(1, runId);
            ps.setString(2, agent);
            ps.setString(3, model);
            ps.setString(4, provider);
            ps.setTimestamp(5, Timestamp.from(at));
            ps.setDouble(6, costUsd);
            ps.executeUpdate();
        }
    }

    /**
     * Spend from {@code from} (inclusive) to {@code to} (exclusive), either open when null, summed
     * by {@code groupBy}, largest first.
     */
    public List<CostGroup> report(Connection c, Instant from, Instant to, GroupBy groupBy) throws SQLException {
        String key = "COALESCE(" + groupBy.column + ", '" + UNKNOWN + "')";
        List<String> where = new ArrayList<>(2);
        if (from != null) {
            where.add("spent_at >= ?");
        }
        if (to != null) {
            where.add("spent_at < ?");
        }
        String sql = "SELECT " + key + ", SUM(cost_usd), COUNT(DISTINCT run_id) FROM cost_ledger"
                + (where.isEmpty() ? "" : " WHERE " + String.join(" AND ", where))
                + " GROUP BY " + key + " ORDER BY 2 DESC, 1";
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            int i = 1;
            if (from != null) {
                ps.setTimestamp(i++, Timestamp.from(from));
            }
            if (to != null) {
                ps.setTimestamp(i, Timestamp.from(to));
            }
            try (ResultSet rs = ps.executeQuery()) {
                List<CostGroup> out = new ArrayList<>();
                while (rs.next()) {
                    out.add(new CostGroup(rs.getString(1), rs.getDouble(2), rs.getInt(3)));
                }
                return out;
            }
        }
    }
}
