package svc.governance.crypto;

import java.util.Arrays;

/**
 * How the database file itself is protected at rest ({@code svc.at-rest.driver},
 * {@code SVC_AT_REST_DRIVER}). Only {@code sqlite_host_fs_only} is built: it encrypts no database
 * page itself and relies on the host's disk encryption (LUKS, dm-crypt, FileVault, a cloud volume
 * key); the name is the spec's, the embedded database here is H2. What svc seals itself (journal
 * events, run files, the read side's free-text columns, with {@code SVC_AT_REST_ENCRYPTION=on})
 * does not depend on the driver: those envelopes are made in the application, on any database.
 * The other two are named so that a deployment asking for them is refused at start instead of
 * silently storing less protected data than it asked for.
 */
public enum AtRestDriver {
    SQLITE_HOST_FS_ONLY("sqlite_host_fs_only", null),
    SQLCIPHER("sqlcipher", "an SQLCipher JDBC driver, which this build does not ship (the embedded database is H2)"),
    POSTGRES_PGCRYPTO(
            "postgres_pgcrypto",
            "PostgreSQL's pgcrypto extension driven by the persistence layer, which this build does not "
                    + "implement; svc's own envelopes (SVC_AT_REST_ENCRYPTION=on) seal the sensitive columns on "
                    + "PostgreSQL too");

    private final String wireName;
    private final String missing;

    AtRestDriver(String wireName, String missing) {
        this.wireName = wireName;
        this.missing = missing;
    }

    public String wireName() {
        return wireName;
    }

    public boolean available() {
        return missing == null;
    }

    /** What the driver would need; {@code null} when it is available. */
    public String requirement() {
        return missing;
    }

    /** The named driver; one that is unknown or not built throws, with a message naming what would be needed. */
    public static AtRestDriver select(String name) {
        AtRestDriver driver = Arrays.stream(values())
                .filter(d -> d.wireName.equals(name))
                .findFirst()
                .orElseThrow(() -> new CryptoUnavailableException("unknown at-rest encryption driver '" + name
                        + "' (SVC_AT_REST_DRIVER); expected one of "
                        + Arrays.stream(values()).map(AtRestDriver::wireName).toList()));
        if (!driver.available()) {
            throw new CryptoUnavailableException("at-rest encryption driver " + name
                    + " (SVC_AT_REST_DRIVER) is not built into this svc: it needs " + driver.missing
                    + ". Use sqlite_host_fs_only (host disk encryption) with SVC_AT_REST_ENCRYPTION=on");
        }
        return driver;
    }
}
