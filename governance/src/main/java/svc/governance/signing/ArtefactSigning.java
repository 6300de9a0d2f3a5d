package svc.governance.signing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.config.Json;
import svc.config.io.AtomicFiles;
import svc.config.io.DiskFull;

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
        Signed signed = stage(file, file, signer);
        try {
            signed.commit();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the signing sidecars of " + file + ": " + e.getMessage(), e);
        } finally {
            signed.discard();
        }
        return signed.receipt;
    }

    /**
     * {@link #sign}, but a failure is a WARN and an empty result: the caller (audit PDF export)
     * keeps its artefact, unsigned, as the spec requires. A full disk is not such a failure: it
     * is thrown, for the caller to stop (an artefact whose receipt could not be written is not kept
     * as if it were signed).
     */
    public static Optional<SigningReceipt> signOrWarn(Path file, Signer signer) {
        try {
            return Optional.of(sign(file, signer));
        } catch (RuntimeException e) {
            if (DiskFull.in(e)) {
                throw e;
            }
            LOG.warn(
                    "signing {} with driver {} failed; the file is kept unsigned: {}",
                    file,
                    signer.driver(),
                    e.getMessage());
            return Optional.empty();
        }
    }

    /**
     * Writes {@code content} to {@code file} with its sidecars, all or nothing: the file and each
     * sidecar go to temporary siblings first, then all are renamed into place (renames need no
     * space), so a full disk leaves the earlier file and its matching sidecars as they were. A
     * signing failure other than the disk writes the file unsigned (a WARN, as {@link #signOrWarn})
     * and removes the sidecars of an earlier version, which would not match it.
     */
    public static Optional<SigningReceipt> writeSigned(Path file, byte[] content, Signer signer) throws IOException {
        Path staged = AtomicFiles.temporarySibling(file);
        Signed signed = null;
        try {
            Files.write(staged, content);
            try {
                signed = stage(staged, file, signer);
            } catch (RuntimeException e) {
                if (DiskFull.in(e)) {
                    throw e;
                }
                LOG.warn(
                        "signing {} with driver {} failed; the file is kept unsigned: {}",
                        file,
                        signer.driver(),
                        e.getMessage());
                for (String suffix : List.of(SIGNATURE_SUFFIX, CERTIFICATE_SUFFIX, RECEIPT_SUFFIX)) {
                    Files.deleteIfExists(sidecar(file, suffix));
                }
            }
            if (signed != null) {
                signed.commit();
            }
            Files.move(staged, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return signed == null ? Optional.empty() : Optional.of(signed.receipt);
        } finally {
            Files.deleteIfExists(staged);
            if (signed != null) {
                signed.discard();
            }
        }
    }

    /** The receipt and the sidecars of {@code name}'s signature, written to temporary files. */
    private record Signed(SigningReceipt receipt, Map<Path, Path> sidecars) {
        void commit() throws IOException {
            for (Map.Entry<Path, Path> e : sidecars.entrySet()) {
                Files.move(
                        e.getValue(), e.getKey(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
        }

        void discard() {
            for (Path tmp : sidecars.values()) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException e) {
                    LOG.warn("could not remove {}: {}", tmp, e.getMessage());
                }
            }
        }
    }

    /** Signs the bytes at {@code bytes} as the file {@code file} and writes its sidecars to temporary siblings. */
    private static Signed stage(Path bytes, Path file, Signer signer) {
        String sha256 = Digests.sha256Hex(bytes);
        SignatureResult r = signer.signFile(bytes);
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
        Map<Path, Path> sidecars = new LinkedHashMap<>();
        Signed signed = new Signed(receipt, sidecars);
        try {
            stageOne(sidecars, sidecar(file, SIGNATURE_SUFFIX), r.signatureBase64() + "\n", StandardCharsets.US_ASCII);
            if (r.certificatePem() != null) {
                stageOne(sidecars, sidecar(file, CERTIFICATE_SUFFIX), r.certificatePem(), StandardCharsets.US_ASCII);
            }
            stageOne(
                    sidecars,
                    sidecar(file, RECEIPT_SUFFIX),
                    Json.pretty().writeValueAsString(receipt) + "\n",
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            signed.discard();
            throw new UncheckedIOException("cannot write the signing sidecars of " + file + ": " + e.getMessage(), e);
        }
        return signed;
    }

    private static void stageOne(Map<Path, Path> staged, Path target, String text, Charset charset) throws IOException {
        Path tmp = AtomicFiles.temporarySibling(target);
        staged.put(target, tmp);
        Files.writeString(tmp, text, charset);
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
