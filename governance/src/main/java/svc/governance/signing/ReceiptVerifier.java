package svc.governance.signing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PublicKey;
import java.util.Base64;

/**
 * Checks an artefact against its sidecars and a public key the verifier trusts (never one taken
 * from the receipt): the file's SHA-256 equals the receipt's, the {@code .sig} file equals the
 * receipt's signature, the key's fingerprint is the one the receipt names, and the Ed25519
 * signature is valid. Stub receipts are reported as unsigned, never as verified; cosign receipts
 * are verified with {@code cosign verify-blob}, not here.
 */
public final class ReceiptVerifier {

    /** @param valid true only when every check passed; {@code reason} says which failed, or what was verified */
    public record Verification(boolean valid, String reason) {}

    private ReceiptVerifier() {}

    public static Verification verify(Path artefact, PublicKey trustedKey) {
        SigningReceipt r;
        try {
            r = ArtefactSigning.readReceipt(artefact);
        } catch (UncheckedIOException e) {
            return new Verification(false, e.getMessage());
        }
        if (!r.file().equals(artefact.getFileName().toString())) {
            return new Verification(false, "receipt is for " + r.file() + ", not " + artefact.getFileName());
        }
        String actual = Digests.sha256Hex(artefact);
        if (!actual.equals(r.sha256())) {
            return new Verification(
                    false, "file content changed: sha256 " + actual + " differs from the receipt's " + r.sha256());
        }
        if (!r.signed()) {
            return new Verification(
                    false, "receipt is unsigned (driver " + r.driver() + "); only the sha256 digest matches");
        }
        if (!Ed25519Signer.ALGORITHM.equals(r.algorithm())) {
            return new Verification(
                    false, "algorithm " + r.algorithm() + " is verified with cosign verify-blob, not here");
        }
        String fingerprint = Digests.fingerprint(trustedKey);
        if (!fingerprint.equals(r.publicKeyFingerprint())) {
            return new Verification(
                    false,
                    "receipt was signed by key " + r.publicKeyFingerprint() + ", not by the trusted key "
                            + fingerprint);
        }
        String sigFile;
        try {
            sigFile = Files.readString(
                            ArtefactSigning.sidecar(artefact, ArtefactSigning.SIGNATURE_SUFFIX),
                            StandardCharsets.US_ASCII)
                    .strip();
        } catch (IOException e) {
            return new Verification(false, "signature file missing: " + e.getMessage());
        }
        if (!sigFile.equals(r.signatureBase64())) {
            return new Verification(false, "the .sig file and the receipt carry different signatures");
        }
        byte[] signature;
        try {
            signature = Base64.getDecoder().decode(r.signatureBase64());
        } catch (IllegalArgumentException e) {
            return new Verification(false, "receipt signature is not valid base64");
        }
        return Ed25519Signer.verify(artefact, signature, trustedKey)
                ? new Verification(true, "Ed25519 signature by " + fingerprint + " is valid for sha256 " + actual)
                : new Verification(false, "Ed25519 signature does not verify with " + fingerprint);
    }
}
