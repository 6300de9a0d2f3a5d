package svc.persistence.store;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import svc.governance.signing.Digests;

/**
 * The store as a directory: a key is a file under the root. Writes go to a temporary sibling and
 * are moved into place atomically, so a reader sees the old bytes or the new ones, never half.
 * With this store the runs root is the store itself, and a node's working copy is the store.
 */
public final class DirectoryArtifactStore implements ArtifactStore {

    private final Path root;

    public DirectoryArtifactStore(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    @Override
    public Entry put(String key, Path file) throws IOException {
        Path target = file(key);
        if (Files.exists(target) && Files.isSameFile(target, file)) {
            return entry(key, target);
        }
        Files.createDirectories(target.getParent());
        Path tmp = temporarySibling(target);
        try {
            Files.copy(file, tmp, StandardCopyOption.REPLACE_EXISTING);
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
        return entry(key, target);
    }

    @Override
    public Entry put(String key, InputStream in) throws IOException {
        Path target = file(key);
        Files.createDirectories(target.getParent());
        Path tmp = temporarySibling(target);
        try {
            Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
        return entry(key, target);
    }

    @Override
    public Optional<InputStream> get(String key) throws IOException {
        Path file = file(key);
        try {
            return Files.isRegularFile(file) ? Optional.of(Files.newInputStream(file)) : Optional.empty();
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }

    @Override
    public Optional<Entry> stat(String key) throws IOException {
        Path file = file(key);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(entry(key, file));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }

    @Override
    public List<Entry> list(String prefix) throws IOException {
        List<Entry> out = new ArrayList<>();
        for (String key : keys(prefix)) {
            stat(key).ifPresent(out::add);
        }
        return out;
    }

    @Override
    public Map<String, String> versions(String prefix) throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        for (String key : keys(prefix)) {
            try {
                BasicFileAttributes a = Files.readAttributes(file(key), BasicFileAttributes.class);
                out.put(key, a.size() + "-" + a.lastModifiedTime().to(TimeUnit.NANOSECONDS));
            } catch (NoSuchFileException e) {
                // removed since the walk
            }
        }
        return out;
    }

    @Override
    public void delete(String key) throws IOException {
        Files.deleteIfExists(file(key));
    }

    @Override
    public int deleteAll(String prefix) throws IOException {
        List<String> keys = keys(prefix);
        for (String key : keys) {
            delete(key);
        }
        return keys.size();
    }

    @Override
    public void check() throws IOException {
        Files.createDirectories(root);
        Path probe = Files.createTempFile(root, ".livez-", ".tmp");
        Files.delete(probe);
    }

    @Override
    public Optional<Path> directory() {
        return Optional.of(root);
    }

    @Override
    public String describe() {
        return root.toString();
    }

    @Override
    public void close() {
        // nothing held open
    }

    // ---- helpers --------------------------------------------------------------------------

    private Path file(String key) {
        Path file = root.resolve(Keys.check(key)).normalize();
        if (!file.startsWith(root)) {
            throw new IllegalArgumentException("not a store key: " + key);
        }
        return file;
    }

    /** Keys under the prefix: the walk starts at the prefix's last directory, then filters by string. */
    @Override
    public List<String> keys(String prefix) throws IOException {
        return keys(prefix, true);
    }

    private List<String> keys(String prefix, boolean retry) throws IOException {
        Keys.checkPrefix(prefix);
        int slash = prefix.lastIndexOf('/');
        Path start = slash < 0 ? root : root.resolve(prefix.substring(0, slash)).normalize();
        if (!start.startsWith(root) || !Files.isDirectory(start)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(start)) {
            return files.filter(Files::isRegularFile)
                    .map(p -> root.relativize(p).toString().replace('\\', '/'))
                    .filter(k -> k.startsWith(prefix) && !k.endsWith(".tmp"))
                    .sorted(Comparator.naturalOrder())
                    .toList();
        } catch (UncheckedIOException e) {
            // A file removed during the walk: walk once more, the listing is of what stayed.
            if (retry && e.getCause() instanceof NoSuchFileException) {
                return keys(prefix, false);
            }
            throw e.getCause();
        }
    }

    private static Entry entry(String key, Path file) throws IOException {
        long size = Files.size(file);
        try {
            return new Entry(key, size, Digests.sha256Hex(file));
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private static Path temporarySibling(Path target) {
        return target.resolveSibling(target.getFileName() + "." + UUID.randomUUID() + ".tmp");
    }
}
