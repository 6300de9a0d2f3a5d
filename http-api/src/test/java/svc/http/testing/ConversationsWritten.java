package svc.http.testing;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import svc.core.agent.AgentEntity;
import svc.core.platform.Platform;

/**
 * Whether the conversation projection has handled every agent event journaled so far, so that no
 * conversation line is still on its way to the run's files (it writes in groups, a second apart).
 */
public final class ConversationsWritten {

    private ConversationsWritten() {}

    /** The highest journal offset of an agent event, and the highest the projection has handled. */
    public record Offsets(long journaled, long handled) {
        public boolean caughtUp() {
            return handled >= journaled;
        }
    }

    public static Offsets offsets(Platform platform) {
        try (Connection c = platform.database().connection();
                Statement st = c.createStatement()) {
            long journaled;
            try (ResultSet rs = st.executeQuery("SELECT COALESCE(MAX(e.\"ordering\"), 0) FROM \"event_journal\" e"
                    + " JOIN \"event_tag\" t ON t.\"event_id\" = e.\"ordering\" WHERE t.\"tag\" = '"
                    + AgentEntity.TAG + "'")) {
                rs.next();
                journaled = rs.getLong(1);
            }
            long handled = 0;
            try (ResultSet rs = st.executeQuery("SELECT current_offset FROM pekko_projection_offset_store"
                    + " WHERE projection_name = 'conversations'")) {
                while (rs.next()) {
                    handled = Math.max(handled, Long.parseLong(rs.getString(1)));
                }
            }
            return new Offsets(journaled, handled);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
