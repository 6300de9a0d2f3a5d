package svc.core.retention;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * {@code shadow_predictions} and {@code served_predictions}: what the model deployments' shadows
 * answered to mirrored requests, and the answers served (with the feedback joined to them), rows
 * of the deployments' tables, once older than {@code shadow_predictions_days}. A deployment's
 * rows go by the days of the profile of the run its model came from ({@code deployments.run_id}),
 * a deployment of no known run by the default profile's (the selected deployment's template).
 * Rows age from their own {@code created_at}; they are not the run's data, so no note goes on a
 * run. One instance per table.
 */
final class PredictionPruner implements Pruner {

    static final String SHADOW = "shadow_predictions";
    static final String SERVED = "served_predictions";

    /** One deployment's rows in the table, with the run and profile whose days apply. */
    private record Group(String deploymentId, String runId, String profile) {}

    private final String table;
    private final DataSource data;

    /** {@code table} is {@link #SHADOW} or {@link #SERVED}; it is the kind too. */
    PredictionPruner(String table, DataSource data) {
        if (!table.equals(SHADOW) && !table.equals(SERVED)) {
            throw new IllegalArgumentException("not a prediction table: " + table);
        }
        this.table = table;
        this.data = data;
    }

    @Override
    public String kind() {
        return table;
    }

    @Override
    public void prune(PruneContext ctx) throws SQLException {
        for (Group g : groups()) {
            try {
                prune(ctx, g);
            } catch (SQLException e) {
                ctx.failed(table, "deployment " + g.deploymentId(), e);
            }
        }
    }

    private void prune(PruneContext ctx, Group g) throws SQLException {
        int days = ctx.policy().days(g.profile(), RetentionClass.SHADOW_PREDICTIONS);
        Instant cutoff = ctx.now().minus(Duration.ofDays(days));
        try (Connection c = data.getConnection()) {
            long rows;
            Instant oldest;
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT COUNT(*), MIN(created_at) FROM " + table + " WHERE deployment_id = ? AND created_at < ?")) {
                ps.setString(1, g.deploymentId());
                ps.setTimestamp(2, Timestamp.from(cutoff));
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    rows = rs.getLong(1);
                    oldest = rows == 0 ? null : rs.getTimestamp(2).toInstant();
                }
            }
            if (rows == 0) {
                return;
            }
            if (!ctx.dryRun()) {
                try (PreparedStatement ps =
                        c.prepareStatement("DELETE FROM " + table + " WHERE deployment_id = ? AND created_at < ?")) {
                    ps.setString(1, g.deploymentId());
                    ps.setTimestamp(2, Timestamp.from(cutoff));
                    rows = ps.executeUpdate();
                }
            }
            ctx.deleted(new Deletion(
                    g.runId(),
                    table,
                    RetentionClass.SHADOW_PREDICTIONS.key(),
                    days,
                    ctx.ageDays(oldest),
                    null,
                    table + " deployment_id=" + g.deploymentId(),
                    rows));
        }
    }

    /** The deployments that have rows in the table, each with its model's run and that run's profile. */
    private List<Group> groups() throws SQLException {
        try (Connection c = data.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT t.deployment_id, d.run_id, r.profile FROM"
                        + " (SELECT DISTINCT deployment_id FROM " + table + ") t"
                        + " LEFT JOIN deployments d ON d.deployment_id = t.deployment_id"
                        + " LEFT JOIN runs r ON r.run_id = d.run_id ORDER BY t.deployment_id");
                ResultSet rs = ps.executeQuery()) {
            List<Group> out = new ArrayList<>();
            while (rs.next()) {
                out.add(new Group(rs.getString(1), rs.getString(2), rs.getString(3)));
            }
            return out;
        }
    }
}
