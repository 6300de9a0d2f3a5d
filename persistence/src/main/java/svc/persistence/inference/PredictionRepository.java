package svc.persistence.inference;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import svc.persistence.crypto.ColumnSeal;

/**
 * The {@code served_predictions} and {@code shadow_predictions} tables. Writes come in batches from
 * the inference path's asynchronous log (never on a request's path); reads serve feedback, live
 * metrics and the canary rule. Every method blocks: call it on a blocking dispatcher.
 *
 * <p>Retention: both tables belong to the {@code shadow_predictions_days} class;
 * {@link #deleteShadowPredictionsBefore} and {@link #deleteServedPredictionsBefore} are its pruners.
 *
 * <p>At rest: what a model answered and the ground truth fed back (labels, class probabilities,
 * a regression's value) are sealed under {@link ColumnSeal} (V17 makes {@code predicted_value} text
 * for this). Ids, model names, times and the per-answer judgements ({@code correct}, {@code brier},
 * {@code abs_error}, {@code agreed}) stay in clear: the canary rule and the live metrics filter by
 * the first and add up the second in SQL. Features are not stored at all.
 */
public final class PredictionRepository {

    /** One answered request: its first row's label and class probabilities (JSON), or its value. */
    public record ServedRow(
            String requestId,
            String modelName,
            String deploymentId,
            String modelId,
            int rowCount,
            String predicted,
            String probabilitiesJson,
            Double value,
            Instant at) {}

    /** One shadow deployment's answer to a mirrored request, beside the answer that was served. */
    public record ShadowRow(
            String requestId,
            String modelName,
            String deploymentId,
            String modelId,
            String servedDeploymentId,
            String predicted,
            String servedPredicted,
            boolean agreed,
            Instant at) {}

    /** A stored answer as feedback finds it. */
    public record Answer(
            long id, String deploymentId, String predicted, String probabilitiesJson, Double value, boolean labelled) {}

    /**
     * A deployment's figures: requests served; of those labelled, how many were judged right or
     * wrong ({@code classified}, a classifier's) and how many right, how many had class
     * probabilities and the sum of their Brier scores, how many had a value ({@code regressed}, a
     * regression's) and the sum of their absolute errors.
     */
    public record Figures(
            String deploymentId,
            long served,
            long labelled,
            long classified,
            long correct,
            long scored,
            double brierSum,
            long regressed,
            double absErrorSum) {

        public static Figures none(String deploymentId) {
            return new Figures(deploymentId, 0, 0, 0, 0, 0, 0, 0, 0);
        }
    }

    /** A shadow deployment's comparisons so far and how many agreed with the served answer. */
    public record Agreement(String deploymentId, long compared, long agreed) {}

    /** The sealed columns, {@code table.column} (the seal's context). */
    public static final String SERVED_PREDICTED = "served_predictions.predicted";

    public static final String SERVED_PROBABILITIES = "served_predictions.probabilities";
    public static final String SERVED_VALUE = "served_predictions.predicted_value";
    public static final String SERVED_ACTUAL = "served_predictions.actual";
    public static final String SHADOW_PREDICTED = "shadow_predictions.predicted";
    public static final String SHADOW_SERVED_PREDICTED = "shadow_predictions.served_predicted";

    private final DataSource dataSource;
    private final ColumnSeal seal;

    public PredictionRepository(DataSource dataSource, ColumnSeal seal) {
        this.dataSource = dataSource;
        this.seal = seal;
    }

    public void insertServed(List<ServedRow> rows) throws SQLException {
        if (rows.isEmpty()) {
            return;
        }
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement("INSERT INTO served_predictions (request_id, model_name,"
                        + " deployment_id, model_id, row_count, predicted, probabilities, predicted_value, created_at)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (ServedRow r : rows) {
                ps.setString(1, r.requestId());
                ps.setString(2, r.modelName());
                ps.setString(3, r.deploymentId());
                ps.setString(4, r.modelId());
                ps.setInt(5, r.rowCount());
                ps.setString(6, seal.seal(SERVED_PREDICTED, r.predicted()));
                ps.setString(7, seal.seal(SERVED_PROBABILITIES, r.probabilitiesJson()));
                ps.setString(8, seal.seal(SERVED_VALUE, r.value() == null ? null : Double.toString(r.value())));
                ps.setTimestamp(9, Timestamp.from(r.at()));
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    public void insertShadow(List<ShadowRow> rows) throws SQLException {
        if (rows.isEmpty()) {
            return;
        }
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement("INSERT INTO shadow_predictions (request_id, model_name,"
                        + " deployment_id, model_id, served_deployment_id, predicted, served_predicted, agreed,"
                        + " created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (ShadowRow r : rows) {
                ps.setString(1, r.requestId());
                ps.setString(2, r.modelName());
                ps.setString(3, r.deploymentId());
                ps.setString(4, r.modelId());
                ps.setString(5, r.servedDeploymentId());
                ps.setString(6, seal.seal(SHADOW_PREDICTED, r.predicted()));
                ps.setString(7, seal.seal(SHADOW_SERVED_PREDICTED, r.servedPredicted()));
                ps.setBoolean(8, r.agreed());
                ps.setTimestamp(9, Timestamp.from(r.at()));
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    /** The answers served to one request id of a model (a sticky id may have been served more than once). */
    public List<Answer> answers(String modelName, String requestId) throws SQLException {
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT id, deployment_id, predicted, probabilities,"
                        + " predicted_value, labelled_at FROM served_predictions"
                        + " WHERE model_name = ? AND request_id = ? ORDER BY id")) {
            ps.setString(1, modelName);
            ps.setString(2, requestId);
            List<Answer> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    // Text since V17 (sealed, or the number as written before).
                    String value = seal.open(SERVED_VALUE, rs.getString(5));
                    out.add(new Answer(
                            rs.getLong(1),
                            rs.getString(2),
                            seal.open(SERVED_PREDICTED, rs.getString(3)),
                            seal.open(SERVED_PROBABILITIES, rs.getString(4)),
                            value == null ? null : Double.valueOf(value),
                            rs.getTimestamp(6) != null));
                }
            }
            return out;
        }
    }

    /** Records the ground truth of one answer. */
    public void label(long id, String actual, Boolean correct, Double brier, Double absError, Instant at)
            throws SQLException {
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement("UPDATE served_predictions SET actual = ?, correct = ?,"
                        + " brier = ?, abs_error = ?, labelled_at = ? WHERE id = ?")) {
            ps.setString(1, seal.seal(SERVED_ACTUAL, actual));
            if (correct == null) {
                ps.setNull(2, Types.BOOLEAN);
            } else {
                ps.setBoolean(2, correct);
            }
            setDouble(ps, 3, brier);
            setDouble(ps, 4, absError);
            ps.setTimestamp(5, Timestamp.from(at));
            ps.setLong(6, id);
            ps.executeUpdate();
        }
    }

    /** One deployment's answers labelled at or after {@code since} (what a canary step is judged on). */
    public Figures labelledSince(String deploymentId, Instant since) throws SQLException {
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement(
                        FIGURES + " WHERE deployment_id = ? AND labelled_at >= ?" + " GROUP BY deployment_id")) {
            ps.setString(1, deploymentId);
            ps.setTimestamp(2, Timestamp.from(since));
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? figures(rs) : Figures.none(deploymentId);
            }
        }
    }

    /** Every deployment of a model with its figures over all its stored answers. */
    public List<Figures> figures(String modelName) throws SQLException {
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps =
                        c.prepareStatement(FIGURES + " WHERE model_name = ? GROUP BY deployment_id ORDER BY 1")) {
            ps.setString(1, modelName);
            List<Figures> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(figures(rs));
                }
            }
            return out;
        }
    }

    /** Every shadow deployment of a model with its stored comparisons. */
    public List<Agreement> agreement(String modelName) throws SQLException {
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT deployment_id, COUNT(*),"
                        + " SUM(CASE WHEN agreed THEN 1 ELSE 0 END) FROM shadow_predictions WHERE model_name = ?"
                        + " GROUP BY deployment_id ORDER BY 1")) {
            ps.setString(1, modelName);
            List<Agreement> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new Agreement(rs.getString(1), rs.getLong(2), rs.getLong(3)));
                }
            }
            return out;
        }
    }

    /** Retention pruner: deletes shadow answers stored before {@code cutoff}; returns how many. */
    public int deleteShadowPredictionsBefore(Instant cutoff) throws SQLException {
        return deleteBefore("shadow_predictions", cutoff);
    }

    /** Retention pruner: deletes served answers (and their feedback) stored before {@code cutoff}. */
    public int deleteServedPredictionsBefore(Instant cutoff) throws SQLException {
        return deleteBefore("served_predictions", cutoff);
    }

    private int deleteBefore(String table, Instant cutoff) throws SQLException {
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement("DELETE FROM " + table + " WHERE created_at < ?")) {
            ps.setTimestamp(1, Timestamp.from(cutoff));
            return ps.executeUpdate();
        }
    }

    private static final String FIGURES = "SELECT deployment_id, COUNT(*), COUNT(labelled_at), COUNT(correct),"
            + " SUM(CASE WHEN correct THEN 1 ELSE 0 END), COUNT(brier), SUM(brier), COUNT(abs_error), SUM(abs_error)"
            + " FROM served_predictions";

    private static Figures figures(ResultSet rs) throws SQLException {
        return new Figures(
                rs.getString(1),
                rs.getLong(2),
                rs.getLong(3),
                rs.getLong(4),
                rs.getLong(5),
                rs.getLong(6),
                rs.getDouble(7),
                rs.getLong(8),
                rs.getDouble(9));
    }

    private static void setDouble(PreparedStatement ps, int index, Double value) throws SQLException {
        if (value == null) {
            ps.setNull(index, Types.DOUBLE);
        } else {
            ps.setDouble(index, value);
        }
    }
}
