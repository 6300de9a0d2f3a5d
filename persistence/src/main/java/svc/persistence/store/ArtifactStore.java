package svc.persistence.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where run files live, shared by every node: a key is {@code <run_id>/<relative name>} with
 * {@code /} separators. Every operation streams; no implementation holds a whole file in memory.
 * Names ending in {@code .tmp} are in-progress files of a writer: they are never stored or listed.
 *
 * <p>Two implementations: {@link DirectoryArtifactStore} (a directory, the default, one node or a
 * shared file system) and {@link S3ArtifactStore} (S3-compatible object storage).
 */
public interface ArtifactStore extends AutoCloseable {

    /** One stored file: its key, its size in bytes and the SHA-256 of its bytes (hex). */
    record Entry(String key, long size, String sha256) {}

    /** Stores the file's bytes under the key, replacing what was there; the file is read as a stream. */
    Entry put(String key, Path file) throws IOException;

    /** Stores the stream's bytes under the key (spooled through a temporary file where the backend needs a length). */
    Entry put(String key, InputStream in) throws IOException;

    /** The stored bytes, for the caller to close; empty when nothing is stored under the key. */
    Optional<InputStream> get(String key) throws IOException;

    /** Size and SHA-256 of one key; empty when nothing is stored under it. */
    Optional<Entry> stat(String key) throws IOException;

    default boolean exists(String key) throws IOException {
        return stat(key).isPresent();
    }

    /**
     * Every key that starts with the prefix with an opaque version that changes whenever its bytes
     * do (S3: the ETag of the listing; a directory: size and modification time), in one listing
     * and without reading the bytes: what a working copy compares before it asks for more.
     */
    Map<String, String> versions(String prefix) throws IOException;

    /** Every key that starts with the prefix (a plain string prefix), sorted; no bytes are read. */
    List<String> keys(String prefix) throws IOException;

    /** Every key that starts with the prefix (a plain string prefix), sorted, with size and SHA-256. */
    List<Entry> list(String prefix) throws IOException;

    /** Removes the key; nothing happens when it is absent. */
    void delete(String key) throws IOException;

    /** Removes every key that starts with the prefix, and answers how many were removed. */
    int deleteAll(String prefix) throws IOException;

    /** Throws when the store cannot be reached or written (what {@code /livez} reports). */
    void check() throws IOException;

    /** The directory that holds the keys, when this store is one (then a working copy there is the store). */
    Optional<Path> directory();

    /** Where the store is, for logs and health checks ({@code s3://bucket/prefix} or a path). */
    String describe();

    @Override
    void close();
}
