package svc.governance.crypto;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;
import javax.crypto.SecretKey;

/**
 * A KEK held in this process (the {@code stub} and {@code env} providers): data keys are wrapped
 * with AES-256-GCM under it. The key id is a fingerprint of the key, so an envelope names which
 * key it needs without revealing it.
 */
public final class LocalKeyProvider implements KeyProvider {

    private final String name;
    private final SecretKey kek;
    private final String keyId;
    private final SecureRandom random;

    LocalKeyProvider(String name, byte[] kek, SecureRandom random) {
        this.name = name;
        this.kek = AesGcm.key(kek);
        this.keyId = name + ":" + fingerprint(kek);
        this.random = random;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String keyId() {
        return keyId;
    }

    @Override
    public byte[] wrap(byte[] dataKey, byte[] aad) {
        return AesGcm.seal(kek, dataKey, aad, random);
    }

    @Override
    public byte[] unwrap(byte[] wrappedKey, byte[] aad) {
        return AesGcm.open(kek, wrappedKey, aad, "the wrapped data key");
    }

    /** First 16 hex digits of SHA-256 over a domain prefix and the key: identifies, never reveals. */
    private static String fingerprint(byte[] key) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update("svc-kek-id".getBytes(StandardCharsets.US_ASCII));
            return HexFormat.of().formatHex(md.digest(key)).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 missing from the JVM", e);
        }
    }
}
