package svc.governance.signing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.config.Json;

/**
 * Signs a file and writes the sidecars next to it: {@code <file>.sig} (the signature, base64),
 * {@code <file>.receipt.json} ({@link SigningReceipt}) and, for cosign keyless,
 * {@code <file>.pem} (the certificate).
 */
public final class ArtefactSigning {

    public static final String SIGNATURE_SUFFIX = ".sig";
    public static final String RECEIPT_SUFFIX = ".receipt.json";
    public static final String CERTIFICATE_SUFFIX = ".pem";

    private static final Logger LOG = LoggerFactory.getLogger(ArtefactSigning.class);

    private ArtefactSigning() {}

    /** Signs {@code file} and writes its sidecars; throws on any failure. */
    public static SigningReceipt sign(Path file, Signer signer) {
        String sha256 = Digests.sha256Hex(file);
        SignatureResult r = signer.signFile(file);
        SigningReceipt receipt = new SigningReceipt(
                file.getFileName().toString(),
                sha256,
                r.driver(),
                r.algorithm(),
                r.keyId(),
                r.publicKeyFingerprint(),
                r.signedAt(),
                r.signatureBase64(),
                r.tlogIndex(),
                r.signed());
        try {
            Files.writeString(sidecar(file, SIGNATURE_SUFFIX), r.signatureBase64() + "\n", StandardCharsets.US_ASCII);
            if (r.certificatePem() != null) {
                Files.writeString(sidecar(file, CERTIFICATE_SUFFIX), r.certificatePem(), StandardCharsets.US_ASCII);
            }
            Files.writeString(
                    sidecar(file, RECEIPT_SUFFIX),
                    Json.pretty().writeValueAsString(receipt) + "\n",
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the signing sidecars of " + file + ": " + e.getMessage(), e);
        }
        return receipt;
    }

    /**
     * {@link #sign}, but a failure is a WARN and an empty result: the caller (audit PDF export)
     * keeps its artefact, unsigned, as the spec requires.
     */
    public static Optional<SigningReceipt> signOrWarn(Path file, Signer signer) {
        try {
            return Optional.of(sign(file, signer));
        } catch (RuntimeException e) {
            LOG.warn(
                    "signing {} with driver {} failed; the file is kept unsigned: {}",
                    file,
                    signer.driver(),
                    e.getMessage());
            return Optional.empty();
        }
    }

    public static SigningReceipt readReceipt(Path file) {
        Path receipt = sidecar(file, RECEIPT_SUFFIX);
        try {
            return Json.STRICT.readValue(Files.readString(receipt, StandardCharsets.UTF_8), SigningReceipt.class);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the signing receipt " + receipt + ": " + e.getMessage(), e);
        }
    }

    static Path sidecar(Path file, String suffix) {
        return file.resolveSibling(file.getFileName() + suffix);
    }
}
