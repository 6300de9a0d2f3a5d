package svc.persistence;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.nio.file.Path;
import java.util.Map;

/**
 * Which database svc uses, read once from {@code svc.db} and {@code svc.home}. An empty URL
 * means the embedded H2 file database under {@code svc.home}; a {@code jdbc:postgresql:} URL
 * means PostgreSQL. Nothing else is supported, and saying so early beats a Slick error later.
 */
public record DatabaseSettings(Kind kind, String url, String user, String password, int poolSize) {

    /** BLOBs up to this size stay in their row in the embedded H2 database (see {@link #fromConfig}). */
    public static final int H2_INPLACE_LOB_BYTES = 16384;

    /** The two databases svc runs on. */
    public enum Kind {
        H2("org.h2.Driver", "slick.jdbc.H2Profile$", "h2-dialect", "h2"),
        POSTGRES("org.postgresql.Driver", "slick.jdbc.PostgresProfile$", "postgres-dialect", "postgres");

        public final String driver;
        public final String slickProfile;
        public final String projectionDialect;
        public final String migrationFolder;

        Kind(String driver, String slickProfile, String projectionDialect, String migrationFolder) {
            this.driver = driver;
            this.slickProfile = slickProfile;
            this.projectionDialect = projectionDialect;
            this.migrationFolder = migrationFolder;
        }
    }

    public static DatabaseSettings fromConfig(Config config) {
        Path home = Path.of(config.getString("svc.home")).toAbsolutePath();
        String url = config.getString("svc.db.url").trim();
        int pool = config.getInt("svc.db.pool-size");
        String user = config.getString("svc.db.user");
        String password = config.getString("svc.db.password");
        if (url.isEmpty()) {
            String file = home.resolve("db").resolve("svc").toString();
            // DATABASE_TO_UPPER=false: the journal's Slick profile quotes lower-case identifiers.
            // DB_CLOSE_ON_EXIT=FALSE: H2's own shutdown hook would close the database under the coordinated
            // shutdown, whose last journal writes then failed ("Database is already closed"); the pool's close
            // closes it instead, and after a SIGKILL the MVStore file recovers on the next open.
            // LOB_TIMEOUT=30000: H2 keeps every BLOB it hands out in a query result (each journal payload
            // read) for LOB_TIMEOUT ms, 5 min by default; under the 50-run soak that held 1.2 M references
            // and 100-300 MB of heap. Slick reads a payload's bytes as soon as its row is read, so 30 s is ample.
            // WRITE_DELAY=0: H2 keeps committed transactions in the JVM for up to WRITE_DELAY ms (500 by default)
            // before writing them to the file, so a SIGKILL lost the last half second of journal events that the
            // agents had already acted on (CrashProcessTest's answered model calls asked again; an approval
            // answered 200 could be lost the same way). With 0 each commit reaches the file (the OS's page cache,
            // which survives the process) before it returns.
            // MAX_LENGTH_INPLACE_LOB=16384: a BLOB up to 16 KiB is kept in its row. Journal events are 0.1-2.6 KB;
            // at H2's default of 256 bytes nearly every event went to the separate LOB maps, which each commit
            // then wrote too: a journal write took 0.42-0.48 ms (median, idle, serial) and now 0.30-0.34 ms.
            return new DatabaseSettings(
                    Kind.H2,
                    "jdbc:h2:file:" + file
                            + ";DATABASE_TO_UPPER=false;AUTO_SERVER=FALSE;DB_CLOSE_ON_EXIT=FALSE;LOB_TIMEOUT=30000"
                            + ";WRITE_DELAY=0;MAX_LENGTH_INPLACE_LOB=" + H2_INPLACE_LOB_BYTES,
                    "sa",
                    "",
                    pool);
        }
        if (url.startsWith("jdbc:h2:")) {
            return new DatabaseSettings(Kind.H2, url, user.isEmpty() ? "sa" : user, password, pool);
        }
        if (url.startsWith("jdbc:postgresql:")) {
            return new DatabaseSettings(Kind.POSTGRES, url, user, password, pool);
        }
        throw new IllegalArgumentException("SVC_DB_URL must be a jdbc:postgresql: or jdbc:h2: URL, got: " + url);
    }

    /**
     * The settings the journal plugin and the projections need, to be layered over the loaded
     * configuration before the actor system starts.
     */
    public Config pekkoOverrides() {
        String prefix = "pekko-persistence-jdbc.shared-databases.slick.";
        return ConfigFactory.parseMap(Map.of(
                prefix + "profile",
                kind.slickProfile,
                prefix + "db.url",
                url,
                prefix + "db.user",
                user,
                prefix + "db.password",
                password,
                prefix + "db.driver",
                kind.driver,
                "pekko.projection.jdbc.dialect",
                kind.projectionDialect));
    }
}
