package svc.core.cron;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/** The {@code cron_jobs} and {@code cron_runs} tables. Blocking JDBC: call on the JDBC dispatcher. */
final class CronRepository {

    private static final String JOB_COLUMNS =
            "name, schedule, timezone, kind, params, created_by, created_at, last_slot, claimed_at";

    private final DataSource data;

    CronRepository(DataSource data) {
        this.data = data;
    }

    /** False when a job of that name exists. */
    boolean insert(CronJob job) {
        try (Connection c = data.getConnection();
                PreparedStatement ps = c.prepareStatement("INSERT INTO cron_jobs (" + JOB_COLUMNS
                        + ") SELECT ?, ?, ?, ?, ?, ?, ?, ?, NULL WHERE NOT EXISTS"
                        + " (SELECT 1 FROM cron_jobs WHERE name = ?)")) {
            ps.setString(1, job.name());
            ps.setString(2, job.schedule());
            ps.setString(3, job.timezone());
            ps.setString(4, job.kind());
            ps.setString(5, job.params());
            ps.setString(6, job.createdBy());
            ps.setTimestamp(7, Timestamp.from(job.createdAt()));
            ps.setTimestamp(8, Timestamp.from(job.lastSlot()));
            ps.setString(9, job.name());
            return ps.executeUpdate() == 1;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    List<CronJob> all() {
        return jobs("SELECT " + JOB_COLUMNS + " FROM cron_jobs ORDER BY name", null);
    }

    Optional<CronJob> find(String name) {
        return jobs("SELECT " + JOB_COLUMNS + " FROM cron_jobs WHERE name = ?", name).stream()
                .findFirst();
    }

    boolean delete(String name) {
        try (Connection c = data.getConnection();
                PreparedStatement ps = c.prepareStatement("DELETE FROM cron_jobs WHERE name = ?")) {
            ps.setString(1, name);
            return ps.executeUpdate() == 1;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Moves the last fired slot from {@code expected} to {@code slot}, claimed {@code at}; true for
     * the one caller (on any node) that moved it, so only that caller fires the slot.
     */
    boolean claim(String name, Instant expected, Instant slot, Instant at) {
        try (Connection c = data.getConnection();
                PreparedStatement ps = c.prepareStatement(
                        "UPDATE cron_jobs SET last_slot = ?, claimed_at = ? WHERE name = ? AND last_slot = ?")) {
            ps.setTimestamp(1, Timestamp.from(slot));
            ps.setTimestamp(2, Timestamp.from(at));
            ps.setString(3, name);
            ps.setTimestamp(4, Timestamp.from(expected));
            return ps.executeUpdate() == 1;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Claims the job's current slot again, {@code at}, if its claim is still the one the caller
     * read ({@code claimedAt}, null for none): true for the one caller that did.
     */
    boolean reclaim(String name, Instant slot, Instant claimedAt, Instant at) {
        String same = claimedAt == null ? "claimed_at IS NULL" : "claimed_at = ?";
        try (Connection c = data.getConnection();
                PreparedStatement ps = c.prepareStatement(
                        "UPDATE cron_jobs SET claimed_at = ? WHERE name = ? AND last_slot = ? AND " + same)) {
            ps.setTimestamp(1, Timestamp.from(at));
            ps.setString(2, name);
            ps.setTimestamp(3, Timestamp.from(slot));
            if (claimedAt != null) {
                ps.setTimestamp(4, Timestamp.from(claimedAt));
            }
            return ps.executeUpdate() == 1;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Brings a built-in job's row to its current definition; the last fired slot stays. */
    void reschedule(String name, String schedule, String timezone, String kind) {
        try (Connection c = data.getConnection();
                PreparedStatement ps = c.prepareStatement(
                        "UPDATE cron_jobs SET schedule = ?, timezone = ?, kind = ? WHERE name = ?")) {
            ps.setString(1, schedule);
            ps.setString(2, timezone);
            ps.setString(3, kind);
            ps.setString(4, name);
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Whether the job's run of {@code slot} ended (succeeded or failed) and was recorded. */
    boolean ended(String name, Instant slot) {
        try (Connection c = data.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM cron_runs WHERE name = ? AND slot = ?"
                        + " AND status IN ('succeeded', 'failed')")) {
            ps.setString(1, name);
            ps.setTimestamp(2, Timestamp.from(slot));
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1) > 0;
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    void record(CronRun run) {
        try (Connection c = data.getConnection();
                PreparedStatement ps = c.prepareStatement("INSERT INTO cron_runs (name, slot, trigger_kind, status,"
                        + " started_at, duration_ms, output) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
            ps.setString(1, run.name());
            if (run.slot() == null) {
                ps.setNull(2, Types.TIMESTAMP_WITH_TIMEZONE);
            } else {
                ps.setTimestamp(2, Timestamp.from(run.slot()));
            }
            ps.setString(3, run.trigger());
            ps.setString(4, run.status());
            ps.setTimestamp(5, Timestamp.from(run.startedAt()));
            ps.setLong(6, run.durationMs());
            String output = run.output();
            ps.setString(7, output != null && output.length() > 8000 ? output.substring(0, 8000) : output);
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    int countRuns(String name) {
        try (Connection c = data.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM cron_runs WHERE name = ?")) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Newest first. */
    List<CronRun> runs(String name, int limit, int offset) {
        try (Connection c = data.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT id, name, slot, trigger_kind, status, started_at,"
                        + " duration_ms, output FROM cron_runs WHERE name = ? ORDER BY id DESC LIMIT ? OFFSET ?")) {
            ps.setString(1, name);
            ps.setInt(2, limit);
            ps.setInt(3, offset);
            List<CronRun> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    Timestamp slot = rs.getTimestamp(3);
                    out.add(new CronRun(
                            rs.getLong(1),
                            rs.getString(2),
                            slot == null ? null : slot.toInstant(),
                            rs.getString(4),
                            rs.getString(5),
                            rs.getTimestamp(6).toInstant(),
                            rs.getLong(7),
                            rs.getString(8)));
                }
            }
            return out;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Instant instant(Timestamp t) {
        return t == null ? null : t.toInstant();
    }

    private List<CronJob> jobs(String sql, String name) {
        try (Connection c = data.getConnection();
                PreparedStatement ps = c.prepareStatement(sql)) {
            if (name != null) {
                ps.setString(1, name);
            }
            List<CronJob> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new CronJob(
                            rs.getString(1),
                            rs.getString(2),
                            rs.getString(3),
                            rs.getString(4),
                            rs.getString(5),
                            rs.getString(6),
                            rs.getTimestamp(7).toInstant(),
                            rs.getTimestamp(8).toInstant(),
                            instant(rs.getTimestamp(9))));
                }
            }
            return out;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
