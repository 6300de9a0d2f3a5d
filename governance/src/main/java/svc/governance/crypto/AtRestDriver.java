package svc.governance.crypto;

import java.util.Arrays;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How the database is protected at rest. Only {@code sqlite_host_fs_only} works in this build:
 * it encrypts nothing itself and relies on the host's disk encryption (LUKS, dm-crypt,
 * FileVault, a cloud volume key); the name is the spec's, the embedded database here is H2.
 * The others are named so that a deployment asking for them fails clearly instead of silently
 * storing plaintext.
 */
public enum AtRestDriver {
    SQLITE_HOST_FS_ONLY("sqlite_host_fs_only", null),
    SQLCIPHER("sqlcipher", "an SQLCipher JDBC driver, which this build does not ship (the embedded database is H2)"),
    POSTGRES_PGCRYPTO(
            "postgres_pgcrypto",
            "PostgreSQL (SVC_DB_URL) with `CREATE EXTENSION pgcrypto`, sensitive columns "
                    + "stored as bytea through pgp_sym_encrypt/pgp_sym_decrypt with a data key unwrapped by the key "
                    + "provider per "
                    + "session; the persistence layer does not implement this yet");

    private static final Logger LOG = LoggerFactory.getLogger(AtRestDriver.class);

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

    /**
     * The named driver; an unavailable one throws when {@code strict} (boot abort) and otherwise
     * falls back to {@code sqlite_host_fs_only} with a WARN.
     */
    public static AtRestDriver select(String name, boolean strict) {
        AtRestDriver driver = Arrays.stream(values())
                .filter(d -> d.wireName.equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown at-rest encryption driver '" + name
                        + "'; expected one of "
                        + Arrays.stream(values()).map(AtRestDriver::wireName).toList()));
        if (driver.available()) {
            return driver;
        }
        String message = "at-rest encryption driver " + name + " is not available in this deployment: it needs "
                + driver.missing;
        if (strict) {
            throw new CryptoUnavailableException(message);
        }
        LOG.warn("{}; strict mode is off, so falling back to sqlite_host_fs_only (host disk encryption only)", message);
        return SQLITE_HOST_FS_ONLY;
    }
}
