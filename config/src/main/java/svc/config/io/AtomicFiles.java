package svc.config.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.UUID;

/**
 * Replaces a file whole or not at all: the bytes go to a temporary sibling (a name ending in
 * {@code .tmp}, which the artefact store never lists), which is then renamed over the file. A
 * failure on the way (a full disk) removes the temporary file and leaves the old bytes as they were;
 * the rename itself needs no data blocks.
 */
public final class AtomicFiles {

    private AtomicFiles() {}

    /** Writes {@code content} to {@code file}, replacing it atomically. */
    public static void write(Path file, byte[] content) throws IOException {
        write(file, out -> out.write(content));
    }

    public static void writeString(Path file, String content) throws IOException {
        write(file, content.getBytes(StandardCharsets.UTF_8));
    }

    /** What writes the new content to the temporary file's stream. */
    @FunctionalInterface
    public interface Writer {
        void writeTo(OutputStream out) throws IOException;
    }

    /** Streams the new content to a temporary sibling, then renames it over {@code file}. */
    public static void write(Path file, Writer writer) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Path tmp = temporarySibling(file);
        try {
            try (OutputStream out = Files.newOutputStream(tmp)) {
                writer.writeTo(out);
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** A unique name next to {@code file}, so two writers of one file never share a temporary file. */
    public static Path temporarySibling(Path file) {
        return file.resolveSibling(file.getFileName() + "." + UUID.randomUUID() + ".tmp");
    }
}
