package svc.persistence;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import svc.persistence.crypto.ColumnSeal;

/**
 * The read side's connection pool. Opening it migrates the schema (journal tables and read-side
 * tables) so that a fresh {@code SVC_HOME} or an empty PostgreSQL database is ready before the
 * actor system writes its first event.
 */
public final class Database implements AutoCloseable {

    private final DatabaseSettings settings;
    private final HikariDataSource dataSource;
    private final ColumnSeal columns;

    private Database(DatabaseSettings settings, HikariDataSource dataSource, ColumnSeal columns) {
        this.settings = settings;
        this.dataSource = dataSource;
        this.columns = columns;
    }

    /** Opens with the free-text columns in clear (at-rest encryption off). */
    public static Database open(DatabaseSettings settings) {
        return open(settings, ColumnSeal.CLEAR);
    }

    /** Opens, migrates, and seals the read side's free-text columns with {@code columns}. */
    public static Database open(DatabaseSettings settings, ColumnSeal columns) {
        HikariConfig hikari = new HikariConfig();
        hikari.setJdbcUrl(settings.url());
        hikari.setUsername(settings.user());
        hikari.setPassword(settings.password());
        hikari.setDriverClassName(settings.kind().driver);
        hikari.setMaximumPoolSize(settings.poolSize());
        hikari.setPoolName("svc-read-side");
        HikariDataSource ds = new HikariDataSource(hikari);
        try {
            // Versions are handed out per feature branch and merged in any order: a database that
            // already has a later version still takes an earlier one it lacks (each is idempotent).
            Flyway.configure()
                    .dataSource(ds)
                    .locations("classpath:db/migration/" + settings.kind().migrationFolder)
                    .outOfOrder(true)
                    .load()
                    .migrate();
        } catch (RuntimeException e) {
            ds.close();
            throw new IllegalStateException(
                    "could not migrate the database at " + settings.url() + ": " + e.getMessage(), e);
        }
        return new Database(settings, ds, columns);
    }

    public DatabaseSettings settings() {
        return settings;
    }

    /** How the repositories seal and open the free-text columns (clear when encryption is off). */
    public ColumnSeal columns() {
        return columns;
    }

    public DataSource dataSource() {
        return dataSource;
    }

    public Connection connection() throws SQLException {
        return dataSource.getConnection();
    }

    /** True when a trivial query answers; /livez uses it. */
    public boolean isReachable() {
        try (Connection c = dataSource.getConnection()) {
            return c.isValid(2);
        } catch (SQLException e) {
            return false;
        }
    }

    @Override
    public void close() {
        dataSource.close();
    }
}
