package svc.core.retention;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * The journal and snapshot rows of pekko-persistence-jdbc ({@code event_journal},
 * {@code snapshot}; tags go with their events by the foreign key's cascade), for the pruners
 * that delete a finished run's events. Blocking JDBC: call on a blocking dispatcher.
 *
 * <p>Pekko's typed Java API can snapshot on a predicate but not delete the events before that
 * snapshot ({@code deleteEventsOnSnapshot} exists in the Scala API only), so
 * {@link #deleteBefore} does here what the plugin's own delete does: the events before the
 * snapshot go, the snapshot's own event stays, marked deleted, so the entity's sequence numbers
 * never start again.
 */
final class JournalRows {

    private final DataSource data;

    JournalRows(DataSource data) {
        this.data = data;
    }

    /** The sequence number of the entity's latest snapshot, 0 without one. */
    long latestSnapshot(String persistenceId) throws SQLException {
        return single("SELECT COALESCE(MAX(sequence_number), 0) FROM snapshot WHERE persistence_id = ?", persistenceId);
    }

    /** Journal rows of the entity below {@code sequenceNr}. */
    long countBefore(String persistenceId, long sequenceNr) throws SQLException {
        try (Connection c = data.getConnection();
                PreparedStatement ps = c.prepareStatement(
                        "SELECT COUNT(*) FROM event_journal WHERE persistence_id = ? AND sequence_number < ?")) {
            ps.setString(1, persistenceId);
            ps.setLong(2, sequenceNr);
            return count(ps);
        }
    }

    /**
     * Deletes the entity's events before {@code sequenceNr} (its latest snapshot's) and marks the
     * one at it deleted, in one transaction; answers how many rows went.
     */
    long deleteBefore(String persistenceId, long sequenceNr) throws SQLException {
        try (Connection c = data.getConnection()) {
            c.setAutoCommit(false);
            try (PreparedStatement delete = c.prepareStatement(
                            "DELETE FROM event_journal WHERE persistence_id = ? AND sequence_number < ?");
                    PreparedStatement mark = c.prepareStatement("UPDATE event_journal SET deleted = TRUE"
                            + " WHERE persistence_id = ? AND sequence_number = ?")) {
                delete.setString(1, persistenceId);
                delete.setLong(2, sequenceNr);
                long deleted = delete.executeUpdate();
                mark.setString(1, persistenceId);
                mark.setLong(2, sequenceNr);
                mark.executeUpdate();
                c.commit();
                return deleted;
            } catch (SQLException e) {
                c.rollback();
                throw e;
            }
        }
    }

    /** Journal and snapshot rows whose persistence id starts with {@code prefix}. */
    long countWithPrefix(String prefix) throws SQLException {
        return single("SELECT COUNT(*) FROM event_journal WHERE persistence_id LIKE ? ESCAPE '\\'", like(prefix))
                + single("SELECT COUNT(*) FROM snapshot WHERE persistence_id LIKE ? ESCAPE '\\'", like(prefix));
    }

    /** Deletes every journal and snapshot row whose persistence id starts with {@code prefix}. */
    long deleteWithPrefix(String prefix) throws SQLException {
        try (Connection c = data.getConnection()) {
            c.setAutoCommit(false);
            try (PreparedStatement events =
                            c.prepareStatement("DELETE FROM event_journal WHERE persistence_id LIKE ? ESCAPE '\\'");
                    PreparedStatement snapshots =
                            c.prepareStatement("DELETE FROM snapshot WHERE persistence_id LIKE ? ESCAPE '\\'")) {
                events.setString(1, like(prefix));
                snapshots.setString(1, like(prefix));
                long deleted = events.executeUpdate() + (long) snapshots.executeUpdate();
                c.commit();
                return deleted;
            } catch (SQLException e) {
                c.rollback();
                throw e;
            }
        }
    }

    private static String like(String prefix) {
        return prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
    }

    private long single(String sql, String parameter) throws SQLException {
        try (Connection c = data.getConnection();
                PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, parameter);
            return count(ps);
        }
    }

    private static long count(PreparedStatement ps) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
