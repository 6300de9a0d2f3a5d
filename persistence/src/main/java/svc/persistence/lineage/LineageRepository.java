package svc.persistence.lineage;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The lineage tables (G14): datasets (id deterministic from uri and content hash, with the
 * consent document they were collected under), the models trained on them and the deployments
 * of those models. The foreign keys carry the spec's cascade rules.
 */
public final class LineageRepository {

    /** The joined dataset → model → deployment chain the audit PDF reports. */
    public record Chain(
            String deploymentId,
            String environment,
            Integer trafficPct,
            String modelId,
            String runId,
            String learner,
            String datasetId,
            String datasetUri,
            String datasetSha256,
            String consentDocRef) {}

    public void upsertDataset(
            Connection c, String datasetId, String uri, String sha256, String consentDocRef, Instant at)
            throws SQLException {
        upsert(
                c,
                "UPDATE lineage_datasets SET consent_doc_ref = COALESCE(?, consent_doc_ref) WHERE dataset_id = ?",
                new Object[] {consentDocRef, datasetId},
                "INSERT INTO lineage_datasets (dataset_id, uri, sha256, consent_doc_ref, created_at) VALUES (?, ?, ?, "
                        + "?, ?)",
                new Object[] {datasetId, uri, sha256, consentDocRef, Timestamp.from(at)});
    }

    public void upsertModel(Connection c, String modelId, String datasetId, String runId, String learner, Instant at)
            throws SQLException {
        upsert(
                c,
                "UPDATE lineage_models SET learner = ? WHERE model_id = ?",
                new Object[] {learner, modelId},
                "INSERT INTO lineage_models (model_id, dataset_id, run_id, learner, created_at) VALUES (?, ?, ?, ?, ?)",
                new Object[] {modelId, datasetId, runId, learner, Timestamp.from(at)});
    }

    public void upsertDeployment(
            Connection c, String deploymentId, String modelId, String environment, Integer trafficPct, Instant at)
            throws SQLException {
        upsert(
                c,
                "UPDATE lineage_deployments SET environment = ?, traffic_pct = ? WHERE deployment_id = ?",
                new Object[] {environment, trafficPct, deploymentId},
                "INSERT INTO lineage_deployments (deployment_id, model_id, environment, traffic_pct, created_at) "
                        + "VALUES (?, ?, ?, ?, ?)",
                new Object[] {deploymentId, modelId, environment, trafficPct, Timestamp.from(at)});
    }

    /**
     * Update, else insert: the projection may see an event again after a restart, and the same
     * dataset is used by many runs. Portable across H2 and PostgreSQL, unlike their upserts.
     */
    private static void upsert(Connection c, String update, Object[] updateArgs, String insert, Object[] insertArgs)
            throws SQLException {
        if (execute(c, update, updateArgs) == 0) {
            execute(c, insert, insertArgs);
        }
    }

    private static int execute(Connection c, String sql, Object[] args) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                ps.setObject(i + 1, args[i]);
            }
            return ps.executeUpdate();
        }
    }

    /** chain_for_deployment: the deployment with its model and (if not erased) its dataset. */
    public Optional<Chain> chainForDeployment(Connection c, String deploymentId) throws SQLException {
        String sql =
                "SELECT d.deployment_id, d.environment, d.traffic_pct, m.model_id, m.run_id, m.learner, s.dataset_id, "
                        + "s.uri, s.sha256, s.consent_doc_ref"
                        + " FROM lineage_deployments d JOIN lineage_models m ON m.model_id = d.model_id"
                        + " LEFT JOIN lineage_datasets s ON s.dataset_id = m.dataset_id WHERE d.deployment_id = ?";
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, deploymentId);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                Integer traffic = rs.getObject(3) == null ? null : rs.getInt(3);
                return Optional.of(new Chain(
                        rs.getString(1),
                        rs.getString(2),
                        traffic,
                        rs.getString(4),
                        rs.getString(5),
                        rs.getString(6),
                        rs.getString(7),
                        rs.getString(8),
                        rs.getString(9),
                        rs.getString(10)));
            }
        }
    }

    /** Datasets collected under a subject's consent document. */
    public List<String> datasetsOfConsent(Connection c, String consentDocRef) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT dataset_id FROM lineage_datasets WHERE consent_doc_ref = ? ORDER BY dataset_id")) {
            ps.setString(1, consentDocRef);
            try (ResultSet rs = ps.executeQuery()) {
                ArrayList<String> out = new ArrayList<>();
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
                return out;
            }
        }
    }

    public int modelsOfDatasets(Connection c, List<String> datasetIds) throws SQLException {
        int n = 0;
        for (String id : datasetIds) {
            try (PreparedStatement ps =
                    c.prepareStatement("SELECT COUNT(*) FROM lineage_models WHERE dataset_id = ?")) {
                ps.setString(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    n += rs.getInt(1);
                }
            }
        }
        return n;
    }

    /** Deletes the datasets; their models keep existing with a null dataset reference. */
    public int deleteDatasets(Connection c, List<String> datasetIds) throws SQLException {
        int n = 0;
        for (String id : datasetIds) {
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM lineage_datasets WHERE dataset_id = ?")) {
                ps.setString(1, id);
                n += ps.executeUpdate();
            }
        }
        return n;
    }

    /** Deletes a model; its deployments go with it. */
    public int deleteModel(Connection c, String modelId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM lineage_models WHERE model_id = ?")) {
            ps.setString(1, modelId);
            return ps.executeUpdate();
        }
    }
}
