package svc.cli.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.Set;
import svc.cli.CliException;
import svc.cli.ExitCodes;
import svc.config.Json;

/**
 * The token cache: {@code ~/.svc/auth.json} ({@code {"url", "token", "email"}}), readable by its
 * owner only (0600, in a 0700 directory). Older clients kept a bare token in {@code ~/.svc/token};
 * the first read without an {@code auth.json} moves it over and removes the old file, so a token
 * never lives in two places.
 */
public final class AuthStore {

    private static final Set<PosixFilePermission> OWNER_FILE = PosixFilePermissions.fromString("rw-------");
    private static final Set<PosixFilePermission> OWNER_DIR = PosixFilePermissions.fromString("rwx------");

    private final Path dir;

    public AuthStore(Path home) {
        this.dir = home.resolve(".svc");
    }

    public Path file() {
        return dir.resolve("auth.json");
    }

    public Path legacyFile() {
        return dir.resolve("token");
    }

    /**
     * The cached login. A legacy token file found without an {@code auth.json} is migrated here,
     * recorded as issued by {@code legacyUrl} (the old file did not say which server it came from).
     */
    public Optional<StoredAuth> read(String legacyUrl) {
        Path file = file();
        if (Files.isRegularFile(file)) {
            return Optional.of(parse(file));
        }
        Path legacy = legacyFile();
        if (!Files.isRegularFile(legacy)) {
            return Optional.empty();
        }
        String token = readString(legacy).strip();
        if (token.isEmpty()) {
            return Optional.empty();
        }
        StoredAuth migrated = new StoredAuth(legacyUrl, token, null);
        save(migrated);
        delete(legacy);
        return Optional.of(migrated);
    }

    /** Writes the cache atomically with owner-only permissions (a reader never sees half a file). */
    public void save(StoredAuth auth) {
        ObjectNode o =
                Json.object().put("url", auth.url()).put("token", auth.token()).put("email", auth.email());
        byte[] bytes = (Json.writePretty(o) + "\n").getBytes(StandardCharsets.UTF_8);
        boolean posix = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
        try {
            if (!Files.isDirectory(dir)) {
                if (posix) {
                    Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(OWNER_DIR));
                } else {
                    Files.createDirectories(dir);
                }
            }
            FileAttribute<?>[] attributes = posix
                    ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(OWNER_FILE)}
                    : new FileAttribute<?>[0];
            Path temp = Files.createTempFile(dir, "auth", ".tmp", attributes);
            try {
                Files.write(temp, bytes);
                move(temp, file());
            } finally {
                Files.deleteIfExists(temp);
            }
        } catch (IOException e) {
            throw new CliException(ExitCodes.FAILURE, "cannot write the token cache " + file() + ": " + e.getMessage());
        }
    }

    /** Forgets the login: removes {@code auth.json} and any legacy token file. True when there was one. */
    public boolean remove() {
        boolean removed = delete(file());
        return delete(legacyFile()) || removed;
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static StoredAuth parse(Path file) {
        JsonNode node;
        try {
            node = Json.parse(readString(file));
        } catch (IllegalArgumentException e) {
            throw new CliException(
                    ExitCodes.AUTH,
                    file + " is damaged (" + e.getMessage() + "); remove it with 'svc logout' and log in again");
        }
        String token = text(node, "token");
        if (token == null) {
            throw new CliException(
                    ExitCodes.AUTH, file + " holds no token; remove it with 'svc logout' and log in again");
        }
        return new StoredAuth(text(node, "url"), token, text(node, "email"));
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() || value.asText().isBlank() ? null : value.asText();
    }

    private static String readString(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new CliException(ExitCodes.FAILURE, "cannot read " + file + ": " + e.getMessage());
        }
    }

    private static boolean delete(Path file) {
        try {
            return Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new CliException(ExitCodes.FAILURE, "cannot remove " + file + ": " + e.getMessage());
        }
    }
}
