package svc.persistence.crypto;

import com.typesafe.config.Config;
import java.security.SecureRandom;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import svc.governance.crypto.AtRestDriver;
import svc.governance.crypto.EnvelopeCipher;
import svc.governance.crypto.KeyProviders;
import svc.governance.crypto.SealedFiles;
import svc.governance.crypto.SealedText;

/**
 * Encryption at rest as configured ({@code svc.at-rest}), read once. The driver is checked
 * whether encryption is on or off: a driver this build does not have stops the start. With
 * encryption on, the cipher holds the customer key ({@code SVC_KEK} for the {@code env}
 * provider) and the keys of earlier rotations ({@code SVC_KEK_PREVIOUS}); every node of a
 * cluster must be given the same keys, from the same secret (a Kubernetes Secret, a vault
 * template), since they share the database and the artefact store.
 */
public final class AtRest {

    /** Encryption off and the default driver (what a config without {@code svc.at-rest} means). */
    public static final AtRest OFF = new AtRest(AtRestDriver.SQLITE_HOST_FS_ONLY, null);

    private final AtRestDriver driver;
    private final EnvelopeCipher cipher;

    private AtRest(AtRestDriver driver, EnvelopeCipher cipher) {
        this.driver = driver;
        this.cipher = cipher;
    }

    /**
     * Reads {@code svc.at-rest}; throws {@link svc.governance.crypto.CryptoUnavailableException}
     * or {@link IllegalArgumentException} with one clear message when it cannot be honoured.
     */
    public static AtRest fromConfig(Config config) {
        if (!config.hasPath("svc.at-rest")) {
            return OFF;
        }
        Config c = config.getConfig("svc.at-rest");
        AtRestDriver driver = AtRestDriver.select(c.hasPath("driver") ? c.getString("driver") : "sqlite_host_fs_only");
        if (!c.getBoolean("encryption")) {
            return new AtRest(driver, null);
        }
        SecureRandom random = new SecureRandom();
        Map<String, String> env = new HashMap<>();
        String kek = c.getString("kek");
        if (!kek.isBlank()) {
            env.put(KeyProviders.ENV_VARIABLE, kek);
        }
        EnvelopeCipher cipher = new EnvelopeCipher(
                KeyProviders.select(c.getString("key-provider"), c.getBoolean("strict"), env, random),
                KeyProviders.previous(c.hasPath("previous-keks") ? c.getString("previous-keks") : "", random),
                random);
        return new AtRest(driver, cipher);
    }

    public boolean on() {
        return cipher != null;
    }

    public AtRestDriver driver() {
        return driver;
    }

    /** The cipher, when encryption is on. */
    public Optional<EnvelopeCipher> cipher() {
        return Optional.ofNullable(cipher);
    }

    public ColumnSeal columns() {
        return cipher == null ? ColumnSeal.CLEAR : new ColumnSeal(new SealedText(cipher));
    }

    /** The file form, when encryption is on. */
    public Optional<SealedFiles> files() {
        return cipher().map(SealedFiles::new);
    }
}
