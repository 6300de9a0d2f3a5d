package svc.governance.signing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.PublicKey;
import java.util.HexFormat;

/** SHA-256 helpers shared by the signers and the receipts. */
public final class Digests {

    private Digests() {}

    public static byte[] sha256(byte[] data) {
        return digest().digest(data);
    }

    public static String sha256Hex(byte[] data) {
        return HexFormat.of().formatHex(sha256(data));
    }

    /** Streams the file, so large artefacts are not loaded whole. */
    public static String sha256Hex(Path file) {
        MessageDigest md = digest();
        byte[] buffer = new byte[64 * 1024];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                md.update(buffer, 0, n);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return HexFormat.of().formatHex(md.digest());
    }

    /** {@code SHA256:<hex>} over the key's X.509 DER encoding, as printed by most tooling. */
    public static String fingerprint(PublicKey key) {
        return "SHA256:" + sha256Hex(key.getEncoded());
    }

    /** A fresh SHA-256 digest, for data that arrives in pieces (a streamed upload). */
    public static MessageDigest newSha256() {
        return digest();
    }

    private static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 missing from the JVM", e);
        }
    }
}
