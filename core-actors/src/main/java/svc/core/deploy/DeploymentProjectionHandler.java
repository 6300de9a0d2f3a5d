package svc.core.deploy;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import org.apache.pekko.projection.eventsourced.EventEnvelope;
import org.apache.pekko.projection.jdbc.javadsl.JdbcHandler;
import svc.core.readside.PooledJdbcSession;
import svc.persistence.lineage.LineageRepository;

/**
 * Keeps the {@code deployments} table in step with the deployment journals, exactly once per
 * event, and records each new deployment in {@code lineage_deployments} (G14) when its model is in
 * the lineage already (a run's registration writes the row from the run's facts as well).
 */
final class DeploymentProjectionHandler extends JdbcHandler<EventEnvelope<DeploymentEntity.Event>, PooledJdbcSession> {

    private final LineageRepository lineage = new LineageRepository();

    @Override
    public void process(PooledJdbcSession session, EventEnvelope<DeploymentEntity.Event> envelope) throws Exception {
        String name =
                envelope.persistenceId().substring(envelope.persistenceId().indexOf('|') + 1);
        session.withConnection(c -> {
            try {
                apply(c, name, envelope.event());
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
            return null;
        });
    }

    private void apply(Connection c, String name, DeploymentEntity.Event event) throws SQLException {
        if (event instanceof DeploymentEntity.Deployed e) {
            Deployment d = e.deployment();
            if (e.retiredChampion() != null) {
                state(c, e.retiredChampion(), Deployment.RETIRED, 0, e.at());
            }
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM deployments WHERE deployment_id = ?")) {
                ps.setString(1, d.deploymentId());
                ps.executeUpdate();
            }
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO deployments (deployment_id, model_name,"
                    + " model_id, run_id, state, traffic_pct, environment, created_at, updated_at)"
                    + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                ps.setString(1, d.deploymentId());
                ps.setString(2, name);
                ps.setString(3, d.modelId());
                ps.setString(4, d.runId());
                ps.setString(5, d.state());
                ps.setInt(6, d.trafficPct());
                ps.setString(7, d.environment());
                ps.setTimestamp(8, Timestamp.from(e.at()));
                ps.setTimestamp(9, Timestamp.from(e.at()));
                ps.executeUpdate();
            }
            if (modelInLineage(c, d.modelId())) {
                lineage.upsertDeployment(c, d.deploymentId(), d.modelId(), d.environment(), d.trafficPct(), e.at());
            }
        } else if (event instanceof DeploymentEntity.Promoted e) {
            if (e.retiredChampion() != null) {
                state(c, e.retiredChampion(), Deployment.RETIRED, 0, e.at());
            }
            state(c, e.deploymentId(), Deployment.ACTIVE, 0, e.at());
        } else if (event instanceof DeploymentEntity.Retired e) {
            state(c, e.deploymentId(), Deployment.RETIRED, 0, e.at());
        } else if (event instanceof DeploymentEntity.CanaryRolledBack e) {
            state(c, e.deploymentId(), Deployment.RETIRED, 0, e.at());
        } else if (event instanceof DeploymentEntity.CanaryStepped e) {
            try (PreparedStatement ps = c.prepareStatement(
                    "UPDATE deployments SET traffic_pct = ?, updated_at = ? WHERE deployment_id = ?")) {
                ps.setInt(1, e.toPct());
                ps.setTimestamp(2, Timestamp.from(e.at()));
                ps.setString(3, e.deploymentId());
                ps.executeUpdate();
            }
        }
        championShare(c, name);
    }

    private static void state(Connection c, String deploymentId, String state, int pct, Instant at)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "UPDATE deployments SET state = ?, traffic_pct = ?, updated_at = ? WHERE deployment_id = ?")) {
            ps.setString(1, state);
            ps.setInt(2, pct);
            ps.setTimestamp(3, Timestamp.from(at));
            ps.setString(4, deploymentId);
            ps.executeUpdate();
        }
    }

    /** The champion's share is what the challengers leave, as in the entity. */
    private static void championShare(Connection c, String name) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("UPDATE deployments SET traffic_pct = 100 - (SELECT"
                + " COALESCE(SUM(traffic_pct), 0) FROM deployments WHERE model_name = ? AND state = ?)"
                + " WHERE model_name = ? AND state = ?")) {
            ps.setString(1, name);
            ps.setString(2, Deployment.CHALLENGER);
            ps.setString(3, name);
            ps.setString(4, Deployment.ACTIVE);
            ps.executeUpdate();
        }
    }

    private static boolean modelInLineage(Connection c, String modelId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM lineage_models WHERE model_id = ?")) {
            ps.setString(1, modelId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }
}
