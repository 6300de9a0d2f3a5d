package svc.http.auth;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;

/**
 * The HS256 secrets: the current one signs and verifies; the previous one (during a rotation's
 * grace period) only verifies, and only until {@code SVC_JWT_PREVIOUS_SECRET_UNTIL} when that is
 * set (so the grace ends on time without a restart). The current secret comes from {@code SVC_JWT_SECRET}, or is
 * generated once into {@code $SVC_HOME/jwt-secret} (mode 0600) and read from there afterwards,
 * so tokens survive a restart.
 */
public record JwtKeys(byte[] current, Optional<byte[]> previous, Optional<Instant> previousUntil) {

    /** Keys whose previous secret (if any) verifies until it is removed from the environment. */
    public JwtKeys(byte[] current, Optional<byte[]> previous) {
        this(current, previous, Optional.empty());
    }

    /** HS256 needs at least 256 bits of key. */
    public static final int MIN_BYTES = 32;

    public JwtKeys {
        if (current.length < MIN_BYTES) {
            throw new IllegalArgumentException(
                    "SVC_JWT_SECRET must be at least " + MIN_BYTES + " bytes (HS256 needs 256 bits)");
        }
        if (previousUntil.isPresent() && previous.isEmpty()) {
            throw new IllegalArgumentException(
                    "SVC_JWT_PREVIOUS_SECRET_UNTIL is set but SVC_JWT_PREVIOUS_SECRET is not");
        }
        previous.ifPresent(p -> {
            if (p.length < MIN_BYTES) {
                throw new IllegalArgumentException("SVC_JWT_PREVIOUS_SECRET must be at least " + MIN_BYTES + " bytes");
            }
        });
    }

    public static JwtKeys load(Path home, Map<String, String> env) {
        byte[] current = nonBlank(env.get("SVC_JWT_SECRET"))
                .map(s -> s.getBytes(StandardCharsets.UTF_8))
                .orElseGet(() -> fromFile(home.resolve("jwt-secret")));
        Optional<byte[]> previous =
                nonBlank(env.get("SVC_JWT_PREVIOUS_SECRET")).map(s -> s.getBytes(StandardCharsets.UTF_8));
        Optional<Instant> until = nonBlank(env.get("SVC_JWT_PREVIOUS_SECRET_UNTIL"))
                .map(v -> {
                    try {
                        return Instant.parse(v);
                    } catch (DateTimeParseException e) {
                        throw new IllegalArgumentException(
                                "SVC_JWT_PREVIOUS_SECRET_UNTIL must be an ISO-8601 instant such as"
                                        + " 2026-12-01T00:00:00Z, got '" + v + "'");
                    }
                });
        return new JwtKeys(current, previous, until);
    }

    /** Whether the previous secret still verifies at {@code now} (the rotation's grace period). */
    public boolean previousValidAt(Instant now) {
        return previous.isPresent() && previousUntil.map(now::isBefore).orElse(true);
    }

    private static byte[] fromFile(Path file) {
        try {
            if (!Files.exists(file)) {
                byte[] secret = new byte[48];
                new SecureRandom().nextBytes(secret);
                SecretFiles.writePrivate(file, Base64.getEncoder().encodeToString(secret));
            }
            return Files.readString(file).strip().getBytes(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or create the JWT secret at " + file, e);
        }
    }

    private static Optional<String> nonBlank(String s) {
        return s == null || s.isBlank() ? Optional.empty() : Optional.of(s);
    }

    /** Files only the server's user may read. */
    static final class SecretFiles {
        private SecretFiles() {}

        static void writePrivate(Path file, String content) throws IOException {
            Files.createDirectories(file.getParent());
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            Files.deleteIfExists(tmp);
            try {
                Files.createFile(
                        tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            } catch (UnsupportedOperationException e) {
                Files.createFile(tmp);
            }
            Files.writeString(tmp, content + "\n");
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE);
        }
    }
}
