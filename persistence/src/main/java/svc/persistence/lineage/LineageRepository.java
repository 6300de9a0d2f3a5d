package svc.persistence.lineage;

import com.fasterxml.jackson.core.type.TypeReference;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import svc.config.Json;

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

    /**
     * Registers an uploaded dataset. The same bytes uploaded again find their row: only a consent
     * document not known before is added (one given earlier is never replaced).
     *
     * @return true when the row is new
     */
    public boolean registerUpload(Connection c, DatasetRow d) throws SQLException {
        int updated = execute(
                c,
                "UPDATE lineage_datasets SET consent_doc_ref = COALESCE(consent_doc_ref, ?), name = COALESCE(name, ?),"
                        + " format = COALESCE(format, ?), size_bytes = COALESCE(size_bytes, ?),"
                        + " row_count = COALESCE(row_count, ?), column_names = COALESCE(column_names, ?),"
                        + " uploaded_by = COALESCE(uploaded_by, ?) WHERE dataset_id = ?",
                new Object[] {
                    d.consentDocRef(),
                    d.name(),
                    d.format(),
                    d.sizeBytes(),
                    d.rowCount(),
                    columnsJson(d),
                    d.uploadedBy(),
                    d.datasetId()
                });
        if (updated > 0) {
            return false;
        }
        execute(
                c,
                "INSERT INTO lineage_datasets (dataset_id, uri, sha256, consent_doc_ref, created_at, name, format,"
                        + " size_bytes, row_count, column_names, uploaded_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                new Object[] {
                    d.datasetId(),
                    d.uri(),
                    d.sha256(),
                    d.consentDocRef(),
                    Timestamp.from(d.createdAt()),
                    d.name(),
                    d.format(),
                    d.sizeBytes(),
                    d.rowCount(),
                    columnsJson(d),
                    d.uploadedBy()
                });
        return true;
    }

    private static String columnsJson(DatasetRow d) {
        return d.columns() == null ? null : Json.write(d.columns());
    }

    private static final String DATASET_COLUMNS = "dataset_id, uri, sha256, consent_doc_ref, created_at, name, format,"
            + " size_bytes, row_count, column_names, uploaded_by";

    public Optional<DatasetRow> findDataset(Connection c, String datasetId) throws SQLException {
        try (PreparedStatement ps =
                c.prepareStatement("SELECT " + DATASET_COLUMNS + " FROM lineage_datasets WHERE dataset_id = ?")) {
            ps.setString(1, datasetId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(dataset(rs)) : Optional.empty();
            }
        }
    }

    /** Newest first. */
    public List<DatasetRow> listDatasets(Connection c, int limit, int offset) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT " + DATASET_COLUMNS
                + " FROM lineage_datasets ORDER BY created_at DESC, dataset_id LIMIT ? OFFSET ?")) {
            ps.setInt(1, limit);
            ps.setInt(2, offset);
            try (ResultSet rs = ps.executeQuery()) {
                List<DatasetRow> out = new ArrayList<>();
                while (rs.next()) {
                    out.add(dataset(rs));
                }
                return out;
            }
        }
    }

    public int countDatasets(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM lineage_datasets");
                ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private static DatasetRow dataset(ResultSet rs) throws SQLException {
        String columns = rs.getString(10);
        return new DatasetRow(
                rs.getString(1),
                rs.getString(2),
                rs.getString(3),
                rs.getString(4),
                rs.getTimestamp(5).toInstant(),
                rs.getString(6),
                rs.getString(7),
                (Long) rs.getObject(8, Long.class),
                (Long) rs.getObject(9, Long.class),
                columns == null ? null : Json.MAPPER.convertValue(Json.parse(columns), STRINGS),
                rs.getString(11));
    }

    private static final TypeReference<List<String>> STRINGS = new TypeReference<>() {};

    public Optional<ModelRow> findModel(Connection c, String modelId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT model_id, dataset_id, run_id, learner, created_at FROM lineage_models WHERE model_id = ?")) {
            ps.setString(1, modelId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(model(rs)) : Optional.empty();
            }
        }
    }

    /** Newest first; {@code runId} and {@code datasetId} filter when not null. */
    public List<ModelRow> listModels(Connection c, String runId, String datasetId, int limit, int offset)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT model_id, dataset_id, run_id, learner, created_at"
                + " FROM lineage_models" + modelFilter(runId, datasetId)
                + " ORDER BY created_at DESC, model_id LIMIT ? OFFSET ?")) {
            int i = bindModelFilter(ps, runId, datasetId);
            ps.setInt(i++, limit);
            ps.setInt(i, offset);
            try (ResultSet rs = ps.executeQuery()) {
                List<ModelRow> out = new ArrayList<>();
                while (rs.next()) {
                    out.add(model(rs));
                }
                return out;
            }
        }
    }

    public int countModels(Connection c, String runId, String datasetId) throws SQLException {
        try (PreparedStatement ps =
                c.prepareStatement("SELECT COUNT(*) FROM lineage_models" + modelFilter(runId, datasetId))) {
            bindModelFilter(ps, runId, datasetId);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    private static String modelFilter(String runId, String datasetId) {
        List<String> where = new ArrayList<>(2);
        if (runId != null) {
            where.add("run_id = ?");
        }
        if (datasetId != null) {
            where.add("dataset_id = ?");
        }
        return where.isEmpty() ? "" : " WHERE " + String.join(" AND ", where);
    }

    private static int bindModelFilter(PreparedStatement ps, String runId, String datasetId) throws SQLException {
        int i = 1;
        if (runId != null) {
            ps.setString(i++, runId);
        }
        if (datasetId != null) {
            ps.setString(i++, datasetId);
        }
        return i;
    }

    private static ModelRow model(ResultSet rs) throws SQLException {
        return new ModelRow(
                rs.getString(1),
                rs.getString(2),
                rs.getString(3),
                rs.getString(4),
                rs.getTimestamp(5).toInstant());
    }

    /**
     * chain_for_model: the model, the dataset it was trained on (null once erased or never
     * recorded) and its deployments, oldest first. What the registry shows as a model's lineage.
     */
    public Optional<ModelChain> chainForModel(Connection c, String modelId) throws SQLException {
        Optional<ModelRow> model = findModel(c, modelId);
        if (model.isEmpty()) {
            return Optional.empty();
        }
        DatasetRow dataset = model.get().datasetId() == null
                ? null
                : findDataset(c, model.get().datasetId()).orElse(null);
        List<ModelChain.Deployment> deployments = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT deployment_id, environment, traffic_pct, created_at"
                + " FROM lineage_deployments WHERE model_id = ? ORDER BY created_at, deployment_id")) {
            ps.setString(1, modelId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    deployments.add(new ModelChain.Deployment(
                            rs.getString(1),
                            rs.getString(2),
                            (Integer) rs.getObject(3, Integer.class),
                            rs.getTimestamp(4).toInstant()));
                }
            }
        }
        return Optional.of(new ModelChain(dataset, model.get(), deployments));
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
