package svc.persistence.store;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import svc.governance.crypto.DecryptionException;
import svc.governance.crypto.SealedFiles;

/**
 * Encryption at rest for run files, at the store boundary: every file put is sealed
 * ({@link SealedFiles}, the store key as authenticated context, so a file copied under another
 * key does not open), every file got is opened, and sizes and checksums are the plaintext's (read
 * from the sealed digest block, not by decrypting the payload). Because every writer and reader of
 * run files goes through the {@link ArtifactStore} (tools through their {@link WorkingCopy}'s pull
 * and push, the API, FinalAudit, retention, erasure), none can forget.
 *
 * <p>Files stored before encryption was switched on have no sealed header and pass through as
 * they are, so a store with mixed files keeps working. The decorated store's bytes, the shared
 * record every node and every backup sees, are envelopes only; this store never names a
 * {@link #directory()}, so a node's working copy is always a separate, node-local scratch
 * directory (see {@code svc.at-rest.work-dir}).
 */
public final class SealedArtifactStore implements ArtifactStore {

    private final ArtifactStore stored;
    /** Null: encryption is off, files are stored in clear and a sealed one is refused on reading. */
    private final SealedFiles seal;

    private final Path spool;

    /** {@code spool} holds sealed bytes on their way to the decorated store (never plaintext). */
    public SealedArtifactStore(ArtifactStore stored, SealedFiles seal, Path spool) {
        this.stored = stored;
        this.seal = seal;
        this.spool = spool;
    }

    /**
     * Encryption off: puts and listings pass through, the store stays its own working copy where
     * it is one, but reading a file sealed while encryption was on is a clear error instead of
     * envelope bytes served as content.
     */
    public static SealedArtifactStore clear(ArtifactStore stored) {
        return new SealedArtifactStore(stored, null, null);
    }

    /** The store underneath (what the bytes on disk or in the bucket are). */
    public ArtifactStore stored() {
        return stored;
    }

    @Override
    public Entry put(String key, Path file) throws IOException {
        if (seal == null) {
            return stored.put(key, file);
        }
        try (InputStream in = Files.newInputStream(file)) {
            return put(key, in);
        }
    }

    @Override
    public Entry put(String key, InputStream in) throws IOException {
        if (seal == null) {
            return stored.put(key, in);
        }
        Keys.check(key);
        Files.createDirectories(spool);
        Path sealed = Files.createTempFile(spool, "seal-", ".tmp");
        try {
            SealedFiles.Digest d = seal.seal(in, sealed, context(key));
            stored.put(key, sealed);
            return new Entry(key, d.size(), d.sha256());
        } finally {
            Files.deleteIfExists(sealed);
        }
    }

    @Override
    public Optional<InputStream> get(String key) throws IOException {
        Optional<InputStream> raw = stored.get(key);
        if (raw.isEmpty()) {
            return raw;
        }
        BufferedInputStream in = new BufferedInputStream(raw.get(), 64 * 1024);
        try {
            if (!sealed(in)) {
                return Optional.of(in);
            }
            if (seal == null) {
                throw new DecryptionException(key + " was sealed while at-rest encryption was on; start with "
                        + "SVC_AT_REST_ENCRYPTION=on and the key it was sealed under (SVC_KEK) to read it");
            }
            return Optional.of(seal.open(in, context(key)));
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    @Override
    public Optional<Entry> stat(String key) throws IOException {
        if (seal == null) {
            return stored.stat(key);
        }
        Optional<InputStream> raw = stored.get(key);
        if (raw.isEmpty()) {
            return Optional.empty();
        }
        try (BufferedInputStream in = new BufferedInputStream(raw.get(), 8 * 1024)) {
            if (!sealed(in)) {
                return stored.stat(key);
            }
            SealedFiles.Digest d = seal.digest(in, context(key));
            return Optional.of(new Entry(key, d.size(), d.sha256()));
        }
    }

    @Override
    public Map<String, String> versions(String prefix) throws IOException {
        return stored.versions(prefix);
    }

    @Override
    public List<String> keys(String prefix) throws IOException {
        return stored.keys(prefix);
    }

    @Override
    public List<Entry> list(String prefix) throws IOException {
        if (seal == null) {
            return stored.list(prefix);
        }
        List<Entry> out = new ArrayList<>();
        for (String key : stored.keys(prefix)) {
            stat(key).ifPresent(out::add);
        }
        return out;
    }

    @Override
    public void delete(String key) throws IOException {
        stored.delete(key);
    }

    @Override
    public int deleteAll(String prefix) throws IOException {
        return stored.deleteAll(prefix);
    }

    @Override
    public void check() throws IOException {
        stored.check();
    }

    /** With encryption on never the store's directory: its files are sealed, tools need a working copy in clear. */
    @Override
    public Optional<Path> directory() {
        return seal == null ? stored.directory() : Optional.empty();
    }

    @Override
    public String describe() {
        return seal == null ? stored.describe() : stored.describe() + " (sealed, at-rest encryption on)";
    }

    @Override
    public void close() {
        stored.close();
    }

    private static Map<String, String> context(String key) {
        return Map.of("store_key", key);
    }

    private static boolean sealed(BufferedInputStream in) throws IOException {
        in.mark(SealedFiles.MAGIC.length);
        byte[] head = in.readNBytes(SealedFiles.MAGIC.length);
        in.reset();
        return SealedFiles.isSealed(head, head.length);
    }
}
