package svc.governance.signing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.SignatureException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.time.Clock;
import java.util.Base64;

/**
 * Offline Ed25519 signing with the JDK. The key pair lives in a directory as two PEM files:
 * {@value #PRIVATE_FILE} (PKCS#8, mode 0600 where the file system allows) and
 * {@value #PUBLIC_FILE} (X.509 SubjectPublicKeyInfo), readable by {@code openssl pkey}.
 */
public final class Ed25519Signer implements Signer {

    public static final String PRIVATE_FILE = "signing-ed25519.key";
    public static final String PUBLIC_FILE = "signing-ed25519.pub";
    public static final String ALGORITHM = "Ed25519";

    private final PrivateKey privateKey;
    private final PublicKey publicKey;
    private final String keyId;
    private final Clock clock;

    private Ed25519Signer(PrivateKey privateKey, PublicKey publicKey, Clock clock) {
        this.privateKey = privateKey;
        this.publicKey = publicKey;
        this.keyId = "ed25519:" + Digests.sha256Hex(publicKey.getEncoded()).substring(0, 16);
        this.clock = clock;
    }

    /** Creates a new key pair in {@code dir}; refuses to overwrite an existing key. */
    public static Ed25519Signer generate(Path dir, Clock clock) {
        try {
            KeyPair pair = KeyPairGenerator.getInstance(ALGORITHM).generateKeyPair();
            Files.createDirectories(dir);
            Path priv = dir.resolve(PRIVATE_FILE);
            if (Files.exists(priv)) {
                throw new FileAlreadyExistsException(
                        priv.toString(), null, "a signing key already exists; not overwriting it");
            }
            writePem(priv, "PRIVATE KEY", pair.getPrivate().getEncoded(), true);
            writePem(dir.resolve(PUBLIC_FILE), "PUBLIC KEY", pair.getPublic().getEncoded(), false);
            return new Ed25519Signer(pair.getPrivate(), pair.getPublic(), clock);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the Ed25519 key pair into " + dir + ": " + e.getMessage(), e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Ed25519 is not available in this JVM", e);
        }
    }

    /** Loads the key pair written by {@link #generate}. */
    public static Ed25519Signer load(Path dir, Clock clock) {
        Path priv = dir.resolve(PRIVATE_FILE);
        Path pub = dir.resolve(PUBLIC_FILE);
        if (!Files.isRegularFile(priv) || !Files.isRegularFile(pub)) {
            throw SigningException.unavailable("signing driver ed25519: no key pair in " + dir + " (expected "
                    + PRIVATE_FILE + " and " + PUBLIC_FILE + "; create one with Ed25519Signer.generate)");
        }
        try {
            KeyFactory kf = KeyFactory.getInstance(ALGORITHM);
            PrivateKey privateKey = kf.generatePrivate(new PKCS8EncodedKeySpec(readPem(priv, "PRIVATE KEY")));
            return new Ed25519Signer(privateKey, readPublicKey(pub), clock);
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException(priv + " is not an Ed25519 PKCS#8 private key: " + e.getMessage(), e);
        }
    }

    /** Reads a PEM public key as written by {@link #generate}. */
    public static PublicKey readPublicKey(Path pem) {
        try {
            return KeyFactory.getInstance(ALGORITHM).generatePublic(new X509EncodedKeySpec(readPem(pem, "PUBLIC KEY")));
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException(pem + " is not an Ed25519 public key: " + e.getMessage(), e);
        }
    }

    public PublicKey publicKey() {
        return publicKey;
    }

    @Override
    public String driver() {
        return "ed25519";
    }

    @Override
    public SignatureResult sign(byte[] data) {
        try {
            Signature s = Signature.getInstance(ALGORITHM);
            s.initSign(privateKey);
            s.update(data);
            return new SignatureResult(
                    "ed25519",
                    ALGORITHM,
                    keyId,
                    Digests.fingerprint(publicKey),
                    Base64.getEncoder().encodeToString(s.sign()),
                    clock.instant(),
                    null,
                    null,
                    true);
        } catch (GeneralSecurityException e) {
            throw SigningException.failed("Ed25519 signing failed: " + e.getMessage(), e);
        }
    }

    /** True when {@code signature} is a valid Ed25519 signature of {@code data} under {@code key}. */
    public static boolean verify(byte[] data, byte[] signature, PublicKey key) {
        try {
            Signature s = Signature.getInstance(ALGORITHM);
            s.initVerify(key);
            s.update(data);
            return s.verify(signature);
        } catch (SignatureException e) {
            return false; // malformed signature bytes: not a valid signature
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException(
                    "cannot verify with this key (" + key.getAlgorithm() + "): " + e.getMessage(), e);
        }
    }

    /** {@link #verify(byte[], byte[], PublicKey)} over a file's content. */
    public static boolean verify(Path artefact, byte[] signature, PublicKey key) {
        try {
            return verify(Files.readAllBytes(artefact), signature, key);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + artefact, e);
        }
    }

    private static void writePem(Path file, String type, byte[] der, boolean secret) throws IOException {
        String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(der);
        String pem = "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n";
        Files.writeString(file, pem, StandardCharsets.US_ASCII);
        if (secret) {
            try {
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
            } catch (UnsupportedOperationException e) {
                // not a POSIX file system (Windows): the directory's ACL has to protect the key
            }
        }
    }

    private static byte[] readPem(Path file, String type) {
        try {
            String text = Files.readString(file, StandardCharsets.US_ASCII);
            String begin = "-----BEGIN " + type + "-----";
            String end = "-----END " + type + "-----";
            int b = text.indexOf(begin);
            int e = text.indexOf(end);
            if (b < 0 || e < b) {
                throw new IllegalArgumentException(file + ": no '" + begin + "' block");
            }
            return Base64.getMimeDecoder().decode(text.substring(b + begin.length(), e));
        } catch (IOException ex) {
            throw new UncheckedIOException("cannot read " + file, ex);
        }
    }
}
