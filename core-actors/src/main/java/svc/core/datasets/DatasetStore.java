package svc.core.datasets;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.apache.pekko.stream.IOOperationIncompleteException;
import org.apache.pekko.stream.javadsl.FileIO;
import org.apache.pekko.stream.javadsl.Flow;
import org.apache.pekko.stream.javadsl.Keep;
import org.apache.pekko.stream.javadsl.Sink;
import org.apache.pekko.util.ByteString;
import svc.governance.signing.Digests;

/**
 * Where uploaded datasets live, and the only class that writes them: today a directory
 * ({@code $SVC_HOME/datasets}), each file named by the SHA-256 of its bytes and its format
 * ({@code <sha256>.csv}, {@code <sha256>.jsonl}), so the same bytes are kept once and always at
 * the same URI. Pointing uploads at another artefact store means changing this class only:
 * callers hold URIs and ask it for a readable path.
 *
 * <p>An upload arrives as a stream ({@link #receiver}): written to a temporary file with a
 * running SHA-256 and byte count, never held in memory, and cut off past the size limit. It is
 * then kept ({@link #keep}) or discarded ({@link #discard}).
 */
public final class DatasetStore {

    /** A finished upload in its temporary file, not yet kept. */
    public record Received(Path file, String sha256, long size) {}

    /** A kept dataset: its URI and path, and whether the same bytes were already there. */
    public record Stored(String uri, Path path, String sha256, long size, String format, boolean existed) {}

    private final Path dir;
    private final long maxBytes;
    private final Duration uploadTimeout;
    private final Executor blocking;

    /**
     * Creates the directory (and its {@code .incoming} one for uploads in progress) at start.
     *
     * @param blocking where finished uploads are handed on and failed ones deleted
     */
    public DatasetStore(DatasetSettings settings, Executor blocking) {
        this.dir = settings.dir();
        this.maxBytes = settings.maxUploadBytes();
        this.uploadTimeout = settings.uploadTimeout();
        this.blocking = blocking;
        try {
            Files.createDirectories(dir.resolve(".incoming"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the dataset directory " + dir, e);
        }
    }

    public long maxBytes() {
        return maxBytes;
    }

    /** How long one upload may take, from its first byte to the answer. */
    public Duration uploadTimeout() {
        return uploadTimeout;
    }

    /**
     * A sink for one upload's bytes (materialize it once): it writes them to a new temporary
     * file, hashing and counting as they pass, and completes with the {@link Received} file.
     * It fails with {@link DatasetTooLarge} past the limit, or with the stream's own failure,
     * and then leaves no file behind.
     */
    public Sink<ByteString, CompletionStage<Received>> receiver() {
        Path temp = dir.resolve(".incoming").resolve(UUID.randomUUID() + ".part");
        MessageDigest digest = Digests.newSha256();
        long[] size = {0};
        return Flow.of(ByteString.class)
                .map(chunk -> {
                    size[0] += chunk.size();
                    if (size[0] > maxBytes) {
                        throw new DatasetTooLarge(maxBytes);
                    }
                    digest.update(chunk.asByteBuffer());
                    return chunk;
                })
                .toMat(FileIO.toPath(temp), Keep.right())
                .mapMaterializedValue(written -> written.handleAsync(
                        (io, failure) -> {
                            if (failure != null) {
                                deleteQuietly(temp);
                                throw new CompletionException(cause(failure));
                            }
                            return new Received(temp, HexFormat.of().formatHex(digest.digest()), size[0]);
                        },
                        blocking));
    }

    /**
     * Keeps a received file under its content name (blocking). When the same bytes are already
     * kept, the temporary file is deleted and the kept one answers.
     */
    public Stored keep(Received received, String format) {
        Path target = dir.resolve(received.sha256() + "." + format);
        boolean existed = Files.exists(target);
        try {
            if (existed) {
                Files.deleteIfExists(received.file());
            } else {
                Files.move(received.file(), target, StandardCopyOption.ATOMIC_MOVE);
            }
        } catch (FileAlreadyExistsException e) {
            // The same bytes arrived twice at once: the other upload kept them.
            deleteQuietly(received.file());
            existed = true;
        } catch (IOException e) {
            deleteQuietly(received.file());
            throw new UncheckedIOException("cannot keep the dataset under " + dir, e);
        }
        return new Stored(target.toUri().toString(), target, received.sha256(), received.size(), format, existed);
    }

    /** Deletes a received file that is not kept (it failed its check). */
    public void discard(Received received) {
        deleteQuietly(received.file());
    }

    /** A readable path for a dataset's URI, when the file is there. */
    public Optional<Path> localPath(String uri) {
        try {
            URI u = URI.create(uri);
            if (!"file".equals(u.getScheme())) {
                return Optional.empty();
            }
            Path p = Path.of(u);
            return Files.isRegularFile(p) ? Optional.of(p) : Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /**
     * The lineage id of a dataset: deterministic from its URI and content hash (spec, G14). Files
     * kept here are named by their hash, so the same bytes uploaded twice get the same id.
     */
    public static String datasetId(String uri, String sha256) {
        return "ds-"
                + Digests.sha256Hex((uri + "|" + sha256).getBytes(StandardCharsets.UTF_8))
                        .substring(0, 16);
    }

    /** The failure inside FileIO's "incomplete" wrapper: the size limit, or the client's stream. */
    private static Throwable cause(Throwable failure) {
        Throwable t = failure;
        while ((t instanceof CompletionException || t instanceof IOOperationIncompleteException)
                && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            // a temporary file left behind is cleaned with the directory; the upload's answer matters more
        }
    }
}
