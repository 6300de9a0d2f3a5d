package svc.persistence.approvals;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import svc.persistence.crypto.ColumnSeal;

/** The {@code approvals} table, written by the run projection, read by the API and the sweep. */
public final class ApprovalRepository {

    /** {@code rationale} is a person's free text: sealed when at-rest encryption is on. */
    static final String RATIONALE = "approvals.rationale";

    private final ColumnSeal seal;

    public ApprovalRepository(ColumnSeal seal) {
        this.seal = seal;
    }

    public void insert(Connection c, ApprovalRow gate) throws SQLException {
        String sql = "INSERT INTO approvals (gate_id, run_id, node, type, state, created_at, ttl_seconds,"
                + " escalate_after_seconds, escalated_at, notify_channels, decided_by, decided_at, rationale, tool, "
                + "agent)"
                + " SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM approvals "
                + "WHERE gate_id = ?)";
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, gate.gateId());
            ps.setString(2, gate.runId());
            ps.setString(3, gate.node());
            ps.setString(4, gate.type());
            ps.setString(5, gate.state());
            ps.setTimestamp(6, Timestamp.from(gate.createdAt()));
            setLong(ps, 7, gate.ttlSeconds());
            setLong(ps, 8, gate.escalateAfterSeconds());
            ps.setTimestamp(9, gate.escalatedAt() == null ? null : Timestamp.from(gate.escalatedAt()));
            ps.setString(10, gate.notifyChannels() == null ? null : String.join(",", gate.notifyChannels()));
            ps.setString(11, gate.decidedBy());
            ps.setTimestamp(12, gate.decidedAt() == null ? null : Timestamp.from(gate.decidedAt()));
            ps.setString(13, seal.seal(RATIONALE, gate.rationale()));
            ps.setString(14, gate.tool());
            ps.setString(15, gate.agent());
            ps.setString(16, gate.gateId());
            ps.executeUpdate();
        }
    }

    public void decide(Connection c, String gateId, String state, String by, Instant at, String rationale)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "UPDATE approvals SET state = ?, decided_by = ?, decided_at = ?, rationale = ? WHERE gate_id = ?")) {
            ps.setString(1, state);
            ps.setString(2, by);
            ps.setTimestamp(3, at == null ? null : Timestamp.from(at));
            ps.setString(4, seal.seal(RATIONALE, rationale));
            ps.setString(5, gateId);
            ps.executeUpdate();
        }
    }

    public void escalate(Connection c, String gateId, Instant at) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("UPDATE approvals SET escalated_at = ? WHERE gate_id = ?")) {
            ps.setTimestamp(1, Timestamp.from(at));
            ps.setString(2, gateId);
            ps.executeUpdate();
        }
    }

    public Optional<ApprovalRow> find(Connection c, String gateId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM approvals WHERE gate_id = ?")) {
            ps.setString(1, gateId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(read(rs)) : Optional.empty();
            }
        }
    }

    /** The pending gates of the given runs, oldest first: one query for a page of runs. */
    public List<ApprovalRow> pendingOf(Connection c, Collection<String> runIds) throws SQLException {
        if (runIds.isEmpty()) {
            return List.of();
        }
        String marks = String.join(", ", Collections.nCopies(runIds.size(), "?"));
        try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS
                + " FROM approvals WHERE state = 'pending' AND run_id IN ("
                + marks + ") ORDER BY created_at, gate_id")) {
            int i = 1;
            for (String runId : runIds) {
                ps.setString(i++, runId);
            }
            List<ApprovalRow> rows = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    rows.add(read(rs));
                }
            }
            return rows;
        }
    }

    /** Oldest first, so the gate waiting longest is on top; null filters match everything. */
    public List<ApprovalRow> list(Connection c, String state, String runId, int limit, int offset) throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT " + COLUMNS + " FROM approvals WHERE 1 = 1");
        if (state != null) {
            sql.append(" AND state = ?");
        }
        if (runId != null) {
            sql.append(" AND run_id = ?");
        }
        sql.append(" ORDER BY created_at, gate_id LIMIT ? OFFSET ?");
        try (PreparedStatement ps = c.prepareStatement(sql.toString())) {
            int i = 1;
            if (state != null) {
                ps.setString(i++, state);
            }
            if (runId != null) {
                ps.setString(i++, runId);
            }
            ps.setInt(i++, limit);
            ps.setInt(i, offset);
            List<ApprovalRow> rows = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    rows.add(read(rs));
                }
            }
            return rows;
        }
    }

    public int count(Connection c, String state, String runId) throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT COUNT(*) FROM approvals WHERE 1 = 1");
        if (state != null) {
            sql.append(" AND state = ?");
        }
        if (runId != null) {
            sql.append(" AND run_id = ?");
        }
        try (PreparedStatement ps = c.prepareStatement(sql.toString())) {
            int i = 1;
            if (state != null) {
                ps.setString(i++, state);
            }
            if (runId != null) {
                ps.setString(i, runId);
            }
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    private static void setLong(PreparedStatement ps, int index, Long value) throws SQLException {
        if (value == null) {
            ps.setNull(index, Types.BIGINT);
        } else {
            ps.setLong(index, value);
        }
    }

    private static final String COLUMNS = "gate_id, run_id, node, type, state, created_at, ttl_seconds,"
            + " escalate_after_seconds, escalated_at, notify_channels, decided_by, decided_at, rationale, tool, agent";

    /**
     * By position in {@link #COLUMNS}, not by name: the run list reads the pending gates of every
     * run it shows, and a name costs a lookup per cell (H2 builds a map of the labels per result).
     */
    private ApprovalRow read(ResultSet rs) throws SQLException {
        long ttl = rs.getLong(7);
        Long ttlSeconds = rs.wasNull() ? null : ttl;
        long esc = rs.getLong(8);
        Long escalateAfter = rs.wasNull() ? null : esc;
        Timestamp escalatedAt = rs.getTimestamp(9);
        Timestamp decidedAt = rs.getTimestamp(12);
        String channels = rs.getString(10);
        return new ApprovalRow(
                rs.getString(1),
                rs.getString(2),
                rs.getString(3),
                rs.getString(4),
                rs.getString(5),
                rs.getTimestamp(6).toInstant(),
                ttlSeconds,
                escalateAfter,
                escalatedAt == null ? null : escalatedAt.toInstant(),
                channels == null || channels.isEmpty() ? List.of() : Arrays.asList(channels.split(",")),
                rs.getString(11),
                decidedAt == null ? null : decidedAt.toInstant(),
                seal.open(RATIONALE, rs.getString(13)),
                rs.getString(14),
                rs.getString(15));
    }
}
