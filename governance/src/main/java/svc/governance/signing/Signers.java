package svc.governance.signing;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds the signing driver named in configuration: {@code stub}, {@code ed25519} (key pair in
 * {@code keyDir}), {@code cosign_kms} ({@code kmsKeyRef}) or {@code cosign_keyless}. A driver that
 * cannot work here aborts boot in strict mode, otherwise falls back to {@code stub} with a WARN.
 */
public final class Signers {

    public static final List<String> NAMES = List.of("stub", "ed25519", "cosign_kms", "cosign_keyless");

    private static final Logger LOG = LoggerFactory.getLogger(Signers.class);

    /** @param path the PATH searched for cosign */
    public record Options(Path keyDir, String kmsKeyRef, String path, Clock clock) {}

    private Signers() {}

    public static Signer create(String name, Options o) {
        return switch (name == null ? "" : name) {
            case "stub" -> new StubSigner(o.clock());
            case "ed25519" -> {
                if (o.keyDir() == null) {
                    throw SigningException.unavailable("signing driver ed25519 needs a key directory");
                }
                yield Ed25519Signer.load(o.keyDir(), o.clock());
            }
            case "cosign_kms" -> CosignSigner.kms(o.kmsKeyRef(), o.path(), o.clock());
            case "cosign_keyless" -> CosignSigner.keyless(o.path(), o.clock());
            default ->
                throw new IllegalArgumentException("unknown signing driver '" + name + "'; expected one of " + NAMES);
        };
    }

    public static Signer select(String name, boolean strict, Options o) {
        try {
            return create(name, o);
        } catch (SigningException e) {
            if (strict || !e.unavailable()) {
                throw e;
            }
            LOG.warn("{}; strict mode is off, so audit artefacts will carry an unsigned stub receipt", e.getMessage());
            return new StubSigner(o.clock());
        }
    }
}
