package svc.persistence.runs;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import svc.persistence.crypto.ColumnSeal;

/**
 * The {@code runs} table. Writes come only from the run projection; reads serve lists and the
 * run record. Every method takes the connection so the caller owns the transaction.
 */
public final class RunRepository {

    /** The problem statement (user text) and the failure message (may quote model output): sealed when on. */
    static final String PROBLEM = "runs.problem";

    static final String FAILURE = "runs.failure";

    private final ColumnSeal seal;

    public RunRepository(ColumnSeal seal) {
        this.seal = seal;
    }

    public void insert(Connection c, RunRow run) throws SQLException {
        // A replayed RunCreated event finds the row already there: inserting twice must not fail.
        String sql = "INSERT INTO runs (run_id, state, template, profile, problem, dataset_path, target, created_by,"
                + " created_at, updated_at, current_node, cost_usd, failure)"
                + " SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM runs WHERE run_id "
                + "= ?)";
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, run.runId());
            ps.setString(2, run.state());
            ps.setString(3, run.template());
            ps.setString(4, run.profile());
            ps.setString(5, seal.seal(PROBLEM, run.problem()));
            ps.setString(6, run.datasetPath());
            ps.setString(7, run.target());
            ps.setString(8, run.createdBy());
            ps.setTimestamp(9, Timestamp.from(run.createdAt()));
            ps.setTimestamp(10, Timestamp.from(run.updatedAt()));
            ps.setString(11, run.currentNode());
            ps.setDouble(12, run.costUsd());
            ps.setString(13, seal.seal(FAILURE, run.failure()));
            ps.setString(14, run.runId());
            ps.executeUpdate();
        }
    }

    public void updateState(Connection c, String runId, String state, String currentNode, Instant at)
            throws SQLException {
        try (PreparedStatement ps =
                c.prepareStatement("UPDATE runs SET state = ?, current_node = COALESCE(?, current_node), updated_at = ?"
                        + " WHERE run_id = ?")) {
            ps.setString(1, state);
            ps.setString(2, currentNode);
            ps.setTimestamp(3, Timestamp.from(at));
            ps.setString(4, runId);
            ps.executeUpdate();
        }
    }

    public void updateFailure(Connection c, String runId, String failure, Instant at) throws SQLException {
        try (PreparedStatement ps =
                c.prepareStatement("UPDATE runs SET failure = ?, updated_at = ? WHERE run_id = ?")) {
            ps.setString(1, seal.seal(FAILURE, failure));
            ps.setTimestamp(2, Timestamp.from(at));
            ps.setString(3, runId);
            ps.executeUpdate();
        }
    }

    public void updateCost(Connection c, String runId, double costUsd, String target) throws SQLException {
        try (PreparedStatement ps =
                c.prepareStatement("UPDATE runs SET cost_usd = ?, target = COALESCE(?, target) WHERE run_id = ?")) {
            ps.setDouble(1, costUsd);
            ps.setString(2, target);
            ps.setString(3, runId);
            ps.executeUpdate();
        }
    }

    /** The run's lineage references: consent document, dataset and model (null leaves a value as is). */
    public void updateLineage(Connection c, String runId, String consentDocRef, String datasetId, String modelId)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "UPDATE runs SET consent_doc_ref = COALESCE(?, consent_doc_ref), dataset_id = COALESCE(?, dataset_id),"
                        + " model_id = COALESCE(?, model_id) WHERE run_id = ?")) {
            ps.setString(1, consentDocRef);
            ps.setString(2, datasetId);
            ps.setString(3, modelId);
            ps.setString(4, runId);
            ps.executeUpdate();
        }
    }

    /** consent_doc_ref, dataset_id and model_id of a run, in that order (nulls when unknown). */
    public String[] lineageOf(Connection c, String runId) throws SQLException {
        try (PreparedStatement ps =
                c.prepareStatement("SELECT consent_doc_ref, dataset_id, model_id FROM runs WHERE run_id = ?")) {
            ps.setString(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? new String[] {rs.getString(1), rs.getString(2), rs.getString(3)} : new String[3];
            }
        }
    }

    /** The dataset path of every run, for erasure. */
    public List<String> datasetPaths(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT DISTINCT dataset_path FROM runs ORDER BY dataset_path");
                ResultSet rs = ps.executeQuery()) {
            List<String> out = new ArrayList<>();
            while (rs.next()) {
                out.add(rs.getString(1));
            }
            return out;
        }
    }

    public Optional<RunRow> find(Connection c, String runId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM runs WHERE run_id = ?")) {
            ps.setString(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(read(rs)) : Optional.empty();
            }
        }
    }

    /** Newest first; {@code state} null means every state. */
    public List<RunRow> list(Connection c, String state, int limit, int offset) throws SQLException {
        String where = state == null ? "" : " WHERE state = ?";
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT " + COLUMNS + " FROM runs" + where + " ORDER BY created_at DESC, run_id LIMIT ? OFFSET ?")) {
            int i = 1;
            if (state != null) {
                ps.setString(i++, state);
            }
            ps.setInt(i++, limit);
            ps.setInt(i, offset);
            List<RunRow> rows = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    rows.add(read(rs));
                }
            }
            return rows;
        }
    }

    /**
     * The runs in one of {@code states} whose last change (for a finished run: its end) is before
     * {@code before}, oldest first: what the retention sweep looks at.
     */
    public List<RunRow> changedBefore(Connection c, List<String> states, Instant before) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM runs WHERE state IN ("
                + String.join(", ", Collections.nCopies(states.size(), "?"))
                + ") AND updated_at < ? ORDER BY updated_at, run_id")) {
            int i = 1;
            for (String state : states) {
                ps.setString(i++, state);
            }
            ps.setTimestamp(i, Timestamp.from(before));
            List<RunRow> rows = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    rows.add(read(rs));
                }
            }
            return rows;
        }
    }

    /** The runs that read a dataset, newest first. */
    public List<RunRow> ofDataset(Connection c, String datasetId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT " + COLUMNS + " FROM runs WHERE dataset_id = ? ORDER BY created_at DESC, run_id")) {
            ps.setString(1, datasetId);
            List<RunRow> rows = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    rows.add(read(rs));
                }
            }
            return rows;
        }
    }

    public int count(Connection c, String state) throws SQLException {
        String where = state == null ? "" : " WHERE state = ?";
        try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM runs" + where)) {
            if (state != null) {
                ps.setString(1, state);
            }
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    /** The columns of a {@link RunRow}, in the order {@link #read} takes them by position. */
    private static final String COLUMNS = "run_id, state, template, profile, problem, dataset_path, target, created_by,"
            + " created_at, updated_at, current_node, cost_usd, failure, dataset_id, model_id";

    /** By position, not by name: the list of runs is the API's most read query, and a name costs a lookup per cell. */
    private RunRow read(ResultSet rs) throws SQLException {
        return new RunRow(
                rs.getString(1),
                rs.getString(2),
                rs.getString(3),
                rs.getString(4),
                seal.open(PROBLEM, rs.getString(5)),
                rs.getString(6),
                rs.getString(7),
                rs.getString(8),
                rs.getTimestamp(9).toInstant(),
                rs.getTimestamp(10).toInstant(),
                rs.getString(11),
                rs.getDouble(12),
                seal.open(FAILURE, rs.getString(13)),
                rs.getString(14),
                rs.getString(15));
    }
}
