package svc.governance.signing;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Signs with the {@code cosign} binary ({@code cosign sign-blob}): with a KMS key reference
 * ({@code cosign_kms}, e.g. {@code awskms:///alias/svc}) or keyless through Fulcio and Rekor
 * ({@code cosign_keyless}, which records the transparency-log index and the certificate). The
 * binary is looked up on PATH at construction; without it the driver fails fast. Both modes need
 * the network at signing time.
 */
public final class CosignSigner implements Signer {

    private static final Pattern TLOG_INDEX = Pattern.compile("tlog entry created with index:\\s*(\\d+)");
    private static final long TIMEOUT_SECONDS = 120;

    private final Path cosign;
    private final String keyRef;
    private final Clock clock;

    private CosignSigner(Path cosign, String keyRef, Clock clock) {
        this.cosign = cosign;
        this.keyRef = keyRef;
        this.clock = clock;
    }

    /** @param path the PATH to search (normally {@code System.getenv("PATH")}) */
    public static CosignSigner kms(String keyRef, String path, Clock clock) {
        if (keyRef == null || keyRef.isBlank()) {
            throw new IllegalArgumentException(
                    "signing driver cosign_kms needs a key reference (e.g. awskms:///alias/svc)");
        }
        return new CosignSigner(find("cosign_kms", path), keyRef, clock);
    }

    public static CosignSigner keyless(String path, Clock clock) {
        return new CosignSigner(find("cosign_keyless", path), null, clock);
    }

    static Path find(String driver, String path) {
        if (path != null) {
            for (String dir : path.split(File.pathSeparator)) {
                if (!dir.isEmpty()) {
                    Path candidate = Path.of(dir, "cosign");
                    if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                        return candidate;
                    }
                }
            }
        }
        throw SigningException.unavailable(
                "signing driver " + driver + " is not available: the cosign binary was not found on "
                        + "PATH; install cosign or use the ed25519 driver");
    }

    @Override
    public String driver() {
        return keyRef == null ? "cosign_keyless" : "cosign_kms";
    }

    @Override
    public SignatureResult sign(byte[] data) {
        Path tmp = null;
        try {
            tmp = Files.createTempFile("svc-sign-", ".blob");
            Files.write(tmp, data);
            return signFile(tmp);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot stage the data to sign", e);
        } finally {
            deleteQuietly(tmp);
        }
    }

    @Override
    public SignatureResult signFile(Path file) {
        Path work = null;
        try {
            work = Files.createTempDirectory("svc-cosign-");
            Path sig = work.resolve("blob.sig");
            Path cert = work.resolve("blob.pem");
            List<String> cmd = new ArrayList<>(
                    List.of(cosign.toString(), "sign-blob", "--yes", "--output-signature", sig.toString()));
            if (keyRef != null) {
                cmd.addAll(List.of("--key", keyRef));
            } else {
                cmd.addAll(List.of("--output-certificate", cert.toString()));
            }
            cmd.add(file.toString());
            Path log = work.resolve("cosign.log");
            Process p = new ProcessBuilder(cmd)
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw SigningException.failed(
                        driver() + ": cosign did not finish within " + TIMEOUT_SECONDS + " s", null);
            }
            String output = Files.readString(log, StandardCharsets.UTF_8);
            if (p.exitValue() != 0) {
                throw SigningException.failed(
                        driver() + ": cosign exited with " + p.exitValue() + ": " + output.strip(), null);
            }
            if (!Files.isRegularFile(sig)) {
                throw SigningException.failed(driver() + ": cosign wrote no signature file", null);
            }
            String signature = Files.readString(sig, StandardCharsets.US_ASCII).strip();
            Long tlog = tlogIndex(output).orElse(null);
            String certificate = Files.isRegularFile(cert) ? Files.readString(cert, StandardCharsets.US_ASCII) : null;
            return new SignatureResult(
                    driver(),
                    "cosign sign-blob (ECDSA P-256 / SHA-256)",
                    keyRef != null ? keyRef : "keyless",
                    null,
                    signature,
                    clock.instant(),
                    tlog,
                    certificate,
                    true);
        } catch (IOException e) {
            throw SigningException.failed(driver() + ": cannot run cosign: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw SigningException.failed(driver() + ": interrupted while cosign was signing", e);
        } finally {
            if (work != null) {
                try (var files = Files.list(work)) {
                    files.forEach(CosignSigner::deleteQuietly);
                } catch (IOException ignored) {
                    // best effort: a temp directory left behind holds only a public signature
                }
                deleteQuietly(work);
            }
        }
    }

    static Optional<Long> tlogIndex(String output) {
        Matcher m = TLOG_INDEX.matcher(output);
        return m.find() ? Optional.of(Long.parseLong(m.group(1))) : Optional.empty();
    }

    private static void deleteQuietly(Path p) {
        if (p != null) {
            try {
                Files.deleteIfExists(p);
            } catch (IOException ignored) {
                // temp file: the OS cleans the temp directory eventually
            }
        }
    }
}
