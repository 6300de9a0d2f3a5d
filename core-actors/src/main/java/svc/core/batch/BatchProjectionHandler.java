package svc.core.batch;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import org.apache.pekko.projection.eventsourced.EventEnvelope;
import org.apache.pekko.projection.jdbc.javadsl.JdbcHandler;
import svc.core.readside.PooledJdbcSession;
import svc.persistence.crypto.ColumnSeal;

/** Keeps the {@code batches} table in step with the batch journals, exactly once per event. */
final class BatchProjectionHandler extends JdbcHandler<EventEnvelope<BatchEntity.Event>, PooledJdbcSession> {

    /** The column's name as the seal's context. */
    static final String FAILURE = "batches.failure";

    private final ColumnSeal columns;

    BatchProjectionHandler(ColumnSeal columns) {
        this.columns = columns;
    }

    @Override
    public void process(PooledJdbcSession session, EventEnvelope<BatchEntity.Event> envelope) throws Exception {
        String batchId =
                envelope.persistenceId().substring(envelope.persistenceId().indexOf('|') + 1);
        BatchEntity.Event event = envelope.event();
        session.withConnection(c -> {
            try {
                apply(c, batchId, event);
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
            return null;
        });
    }

    private void apply(Connection c, String id, BatchEntity.Event event) throws SQLException {
        if (event instanceof BatchEntity.Submitted e) {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO batches (batch_id, kind, run_id, state, total,"
                    + " processed, errors, created_by, created_at, updated_at)"
                    + " VALUES (?, ?, ?, ?, ?, 0, 0, ?, ?, ?)")) {
                ps.setString(1, id);
                ps.setString(2, e.spec().kind());
                ps.setString(3, e.spec().runId());
                ps.setString(4, BatchView.RUNNING);
                ps.setLong(5, e.total());
                ps.setString(6, e.spec().submittedBy());
                ps.setTimestamp(7, Timestamp.from(e.at()));
                ps.setTimestamp(8, Timestamp.from(e.at()));
                ps.executeUpdate();
            }
        } else if (event instanceof BatchEntity.Checkpointed e) {
            try (PreparedStatement ps = c.prepareStatement(
                    "UPDATE batches SET processed = ?, errors = ?, updated_at = ? WHERE batch_id = ?")) {
                ps.setLong(1, e.progress().processed());
                ps.setLong(2, e.progress().errors());
                ps.setTimestamp(3, Timestamp.from(e.at()));
                ps.setString(4, id);
                ps.executeUpdate();
            }
        } else if (event instanceof BatchEntity.Completed e) {
            state(c, id, BatchView.SUCCEEDED, null, e.at());
        } else if (event instanceof BatchEntity.Failed e) {
            state(c, id, BatchView.FAILED, e.reason(), e.at());
        } else if (event instanceof BatchEntity.Cancelled e) {
            state(c, id, BatchView.CANCELLED, null, e.at());
        } else if (event instanceof BatchEntity.Resumed e) {
            state(c, id, BatchView.RUNNING, null, e.at());
        }
    }

    private void state(Connection c, String id, String state, String failure, Instant at) throws SQLException {
        try (PreparedStatement ps =
                c.prepareStatement("UPDATE batches SET state = ?, failure = ?, updated_at = ? WHERE batch_id = ?")) {
            ps.setString(1, state);
            ps.setString(2, columns.seal(FAILURE, failure));
            ps.setTimestamp(3, Timestamp.from(at));
            ps.setString(4, id);
            ps.executeUpdate();
        }
    }
}
