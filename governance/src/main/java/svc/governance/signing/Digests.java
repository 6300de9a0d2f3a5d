package svc.governance.signing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.PublicKey;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** SHA-256 helpers shared by the signers, the receipts and the webhook signatures. */
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
        try (InputStream in = Files.newInputStream(file)) {
            return sha256Hex(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** Reads the stream to its end (the caller closes it), a buffer at a time. */
    public static String sha256Hex(InputStream in) throws IOException {
        MessageDigest md = digest();
        byte[] buffer = new byte[64 * 1024];
        for (int n; (n = in.read(buffer)) > 0; ) {
            md.update(buffer, 0, n);
        }
        return HexFormat.of().formatHex(md.digest());
    }

    /** HMAC-SHA256 of {@code data} under {@code key}, as lower-case hex. */
    public static String hmacSha256Hex(byte[] key, byte[] data) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(data));
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("HmacSHA256 unavailable: " + e.getMessage(), e);
        }
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
