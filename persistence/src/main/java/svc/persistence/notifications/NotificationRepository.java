package svc.persistence.notifications;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import svc.persistence.crypto.ColumnSeal;

/**
 * The {@code notifications} outbox and its {@code notification_attempts}. The run projection
 * inserts rows inside its own transaction; the dispatcher claims due rows with a lease (a
 * compare-and-set, so two dispatchers during a singleton hand-over never send one row at the same
 * time) and records each attempt; the API lists them.
 *
 * <p>At rest: the payload (the run's notice: problem excerpts, gate rationales) and the delivery
 * errors are sealed under {@link ColumnSeal}; ids, channel, state, times and the status line stay
 * in clear because the dispatcher and the API filter and sort on them.
 */
public final class NotificationRepository {

    /** The sealed columns, {@code table.column} (the seal's context). */
    public static final String PAYLOAD = "notifications.payload";

    public static final String LAST_ERROR = "notifications.last_error";
    public static final String ATTEMPT_ERROR = "notification_attempts.error";

    private final ColumnSeal seal;

    public NotificationRepository(ColumnSeal seal) {
        this.seal = seal;
    }

    private static final String LIVE =
            "state IN ('" + NotificationRow.PENDING + "', '" + NotificationRow.RETRYING + "')";

    /** Inserts the row unless one exists for the same event and channel; true if it was inserted. */
    public boolean insert(Connection c, NotificationRow n) throws SQLException {
        String sql = "INSERT INTO notifications (delivery_id, run_id, event_seq, event_kind, gate_id, channel, payload,"
                + " state, attempts, created_at, next_attempt_at) SELECT ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?"
                + " WHERE NOT EXISTS (SELECT 1 FROM notifications WHERE run_id = ? AND event_seq = ? AND channel = ?)";
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, n.deliveryId());
            ps.setString(2, n.runId());
            ps.setLong(3, n.eventSeq());
            ps.setString(4, n.eventKind());
            ps.setString(5, n.gateId());
            ps.setString(6, n.channel());
            ps.setString(7, seal.seal(PAYLOAD, n.payload()));
            ps.setString(8, n.state());
            ps.setTimestamp(9, Timestamp.from(n.createdAt()));
            ps.setTimestamp(10, Timestamp.from(n.nextAttemptAt()));
            ps.setString(11, n.runId());
            ps.setLong(12, n.eventSeq());
            ps.setString(13, n.channel());
            return ps.executeUpdate() == 1;
        }
    }

    /** Rows due at {@code now} whose lease (if any) has run out, the longest waiting first. */
    public List<NotificationRow> due(Connection c, Instant now, int limit) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT * FROM notifications WHERE " + LIVE
                + " AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until < ?)"
                + " ORDER BY next_attempt_at, created_at, delivery_id LIMIT ?")) {
            ps.setTimestamp(1, Timestamp.from(now));
            ps.setTimestamp(2, Timestamp.from(now));
            ps.setInt(3, limit);
            return rows(ps);
        }
    }

    /**
     * Takes the row for {@code owner} until {@code until} and returns it as it is now (its attempts
     * so far may differ from a list read earlier); empty if it is not due, held by another owner or done.
     */
    public Optional<NotificationRow> claim(Connection c, String deliveryId, String owner, Instant now, Instant until)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("UPDATE notifications SET lease_owner = ?, lease_until = ?"
                + " WHERE delivery_id = ? AND " + LIVE + " AND next_attempt_at <= ?"
                + " AND (lease_until IS NULL OR lease_until < ?)")) {
            ps.setString(1, owner);
            ps.setTimestamp(2, Timestamp.from(until));
            ps.setString(3, deliveryId);
            ps.setTimestamp(4, Timestamp.from(now));
            ps.setTimestamp(5, Timestamp.from(now));
            if (ps.executeUpdate() != 1) {
                return Optional.empty();
            }
        }
        try (PreparedStatement ps = c.prepareStatement("SELECT * FROM notifications WHERE delivery_id = ?")) {
            ps.setString(1, deliveryId);
            return rows(ps).stream().findFirst();
        }
    }

    /**
     * Records one attempt by the lease's owner: the row's new state, when it is due again, and the
     * attempt itself. Both writes or neither (the connection's transaction); false if the lease was
     * lost meanwhile, in which case nothing is written.
     *
     * @param state the row's state after this attempt
     * @param nextAttemptAt when a {@code retrying} row is due again (ignored otherwise)
     */
    public boolean recordAttempt(Connection c, String owner, AttemptRow attempt, String state, Instant nextAttemptAt)
            throws SQLException {
        boolean auto = c.getAutoCommit();
        c.setAutoCommit(false);
        try {
            int updated;
            try (PreparedStatement ps = c.prepareStatement("UPDATE notifications SET state = ?, attempts = ?,"
                    + " last_attempt_at = ?, last_status = ?, last_error = ?, next_attempt_at = ?,"
                    + " delivered_at = ?, lease_owner = NULL, lease_until = NULL"
                    + " WHERE delivery_id = ? AND lease_owner = ?")) {
                ps.setString(1, state);
                ps.setInt(2, attempt.attempt());
                ps.setTimestamp(3, Timestamp.from(attempt.at()));
                ps.setString(4, attempt.status());
                ps.setString(5, seal.seal(LAST_ERROR, attempt.error()));
                ps.setTimestamp(6, Timestamp.from(nextAttemptAt == null ? attempt.at() : nextAttemptAt));
                ps.setTimestamp(7, NotificationRow.DELIVERED.equals(state) ? Timestamp.from(attempt.at()) : null);
                ps.setString(8, attempt.deliveryId());
                ps.setString(9, owner);
                updated = ps.executeUpdate();
            }
            if (updated == 1) {
                try (PreparedStatement ps = c.prepareStatement("INSERT INTO notification_attempts"
                        + " (delivery_id, attempt, attempted_at, outcome, status, error) VALUES (?, ?, ?, ?, ?, ?)")) {
                    ps.setString(1, attempt.deliveryId());
                    ps.setInt(2, attempt.attempt());
                    ps.setTimestamp(3, Timestamp.from(attempt.at()));
                    ps.setString(4, attempt.outcome());
                    ps.setString(5, attempt.status());
                    ps.setString(6, seal.seal(ATTEMPT_ERROR, attempt.error()));
                    ps.executeUpdate();
                }
            }
            c.commit();
            return updated == 1;
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(auto);
        }
    }

    /** Newest first; null filters match everything. */
    public List<NotificationRow> list(Connection c, String state, String runId, String gateId, int limit, int offset)
            throws SQLException {
        List<String> args = new ArrayList<>();
        String where = where(state, runId, gateId, args);
        try (PreparedStatement ps = c.prepareStatement("SELECT * FROM notifications" + where
                + " ORDER BY created_at DESC, event_seq DESC, delivery_id LIMIT ? OFFSET ?")) {
            int i = 1;
            for (String a : args) {
                ps.setString(i++, a);
            }
            ps.setInt(i++, limit);
            ps.setInt(i, offset);
            return rows(ps);
        }
    }

    public int count(Connection c, String state, String runId, String gateId) throws SQLException {
        List<String> args = new ArrayList<>();
        String where = where(state, runId, gateId, args);
        try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM notifications" + where)) {
            for (int i = 0; i < args.size(); i++) {
                ps.setString(i + 1, args.get(i));
            }
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    /** The attempts at each of the given deliveries, in order: one query for a page. */
    public Map<String, List<AttemptRow>> attempts(Connection c, Collection<String> deliveryIds) throws SQLException {
        Map<String, List<AttemptRow>> out = new LinkedHashMap<>();
        if (deliveryIds.isEmpty()) {
            return out;
        }
        String marks = String.join(", ", Collections.nCopies(deliveryIds.size(), "?"));
        try (PreparedStatement ps = c.prepareStatement("SELECT * FROM notification_attempts WHERE delivery_id IN ("
                + marks + ") ORDER BY delivery_id, attempt")) {
            int i = 1;
            for (String id : deliveryIds) {
                ps.setString(i++, id);
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    Timestamp at = rs.getTimestamp("attempted_at");
                    AttemptRow a = new AttemptRow(
                            rs.getString("delivery_id"),
                            rs.getInt("attempt"),
                            at.toInstant(),
                            rs.getString("outcome"),
                            rs.getString("status"),
                            seal.open(ATTEMPT_ERROR, rs.getString("error")));
                    out.computeIfAbsent(a.deliveryId(), k -> new ArrayList<>()).add(a);
                }
            }
        }
        return out;
    }

    private static String where(String state, String runId, String gateId, List<String> args) {
        StringBuilder sql = new StringBuilder(" WHERE 1 = 1");
        if (state != null) {
            sql.append(" AND state = ?");
            args.add(state);
        }
        if (runId != null) {
            sql.append(" AND run_id = ?");
            args.add(runId);
        }
        if (gateId != null) {
            sql.append(" AND gate_id = ?");
            args.add(gateId);
        }
        return sql.toString();
    }

    private List<NotificationRow> rows(PreparedStatement ps) throws SQLException {
        List<NotificationRow> rows = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                rows.add(read(rs));
            }
        }
        return rows;
    }

    private NotificationRow read(ResultSet rs) throws SQLException {
        return new NotificationRow(
                rs.getString("delivery_id"),
                rs.getString("run_id"),
                rs.getLong("event_seq"),
                rs.getString("event_kind"),
                rs.getString("gate_id"),
                rs.getString("channel"),
                seal.open(PAYLOAD, rs.getString("payload")),
                rs.getString("state"),
                rs.getInt("attempts"),
                instant(rs.getTimestamp("created_at")),
                instant(rs.getTimestamp("next_attempt_at")),
                instant(rs.getTimestamp("last_attempt_at")),
                instant(rs.getTimestamp("delivered_at")),
                rs.getString("last_status"),
                seal.open(LAST_ERROR, rs.getString("last_error")));
    }

    private static Instant instant(Timestamp t) {
        return t == null ? null : t.toInstant();
    }
}
