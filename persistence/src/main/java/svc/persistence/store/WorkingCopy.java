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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import svc.governance.signing.Digests;

/**
 * This node's copy of the runs' files, kept in step with the {@link ArtifactStore}: before a tool
 * runs, {@link #pull} brings the run's directory up to date (only files the store has in another
 * version than the one this node last saw); after it, {@link #push} sends what changed here.
 *
 * <p>What this node last exchanged with the store is remembered per file (size, modification
 * time, SHA-256), so a push sends only files written since, and never sends back another node's
 * file in an old version: a file this node did not change is not pushed, however stale. A push
 * never deletes: removing stored files is an explicit {@link ArtifactStore#delete} (erasure,
 * retention), so a working copy wiped by an operator cannot empty the store.
 *
 * <p>When the store is the runs directory itself (the directory backend), pull and push do
 * nothing: the files are already where everyone reads them. Calls block (file and network I/O):
 * run them on a blocking dispatcher.
 */
public final class WorkingCopy implements AutoCloseable {

    /**
     * What this node last exchanged with the store for one file; {@code version} is the store's
     * version token when known (null right after a push, learnt at the next pull).
     */
    private record Known(long size, long modified, String sha256, String version) {
        Known withVersion(String v) {
            return new Known(size, modified, sha256, v);
        }
    }

    private final ArtifactStore store;
    private final Path root;
    private final boolean direct;
    private final ConcurrentHashMap<String, Map<String, Known>> runs = new ConcurrentHashMap<>();

    public WorkingCopy(ArtifactStore store, Path root) {
        this.store = store;
        this.root = root.toAbsolutePath().normalize();
        this.direct = store.directory().map(d -> d.equals(this.root)).orElse(false);
    }

    /** The store and its working copy as the settings name them. */
    public static WorkingCopy open(ArtifactStoreSettings settings) {
        return new WorkingCopy(settings.open(), settings.runsRoot());
    }

    public ArtifactStore store() {
        return store;
    }

    /** The local runs root (the store itself for the directory backend). */
    public Path root() {
        return root;
    }

    /** True when the working copy is the store: nothing to pull or push. */
    public boolean direct() {
        return direct;
    }

    public Path runDir(String runId) {
        return root.resolve(runId);
    }

    /** Brings the whole run directory up to date from the store. */
    public void pull(String runId) {
        pull(runId, "");
    }

    /**
     * Brings the run's files whose relative name starts with {@code under} (a file name, or a
     * folder ending in {@code /}) up to date from the store.
     */
    public void pull(String runId, String under) {
        if (direct) {
            return;
        }
        Map<String, Known> known = known(runId);
        synchronized (known) {
            try {
                // One listing answers for most files; only a version this node has not seen costs a
                // stat (the SHA-256), and only different bytes a download.
                for (Map.Entry<String, String> v :
                        store.versions(runId + "/" + under).entrySet()) {
                    String key = v.getKey();
                    String rel = key.substring(runId.length() + 1);
                    Path local = runDir(runId).resolve(rel);
                    Known k = known.get(rel);
                    boolean present = Files.isRegularFile(local);
                    if (k != null && v.getValue().equals(k.version()) && present) {
                        continue;
                    }
                    Optional<ArtifactStore.Entry> e = store.stat(key);
                    if (e.isEmpty()) {
                        continue;
                    }
                    String sha = e.get().sha256();
                    if (k != null && k.sha256().equals(sha) && present) {
                        // This node has those bytes, or a newer version of its own that a push will send.
                        known.put(rel, k.withVersion(v.getValue()));
                        continue;
                    }
                    if (k == null && present && sha256(local).equals(sha)) {
                        known.put(rel, seen(local, sha, v.getValue()));
                        continue;
                    }
                    download(key, local);
                    known.put(rel, seen(local, sha, v.getValue()));
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot bring run " + runId + " from " + store.describe(), e);
            }
        }
    }

    /** Sends every file of the run that changed here since the last exchange to the store. */
    public void push(String runId) {
        if (direct) {
            return;
        }
        Path dir = runDir(runId);
        if (!Files.isDirectory(dir)) {
            return;
        }
        List<String> names = new ArrayList<>();
        try (Stream<Path> files = Files.walk(dir)) {
            files.filter(Files::isRegularFile)
                    .map(p -> dir.relativize(p).toString().replace('\\', '/'))
                    .filter(n -> !n.endsWith(".tmp"))
                    .forEach(names::add);
        } catch (IOException | UncheckedIOException e) {
            throw new UncheckedIOException("cannot read the run directory " + dir, asIo(e));
        }
        Map<String, Known> known = known(runId);
        synchronized (known) {
            for (String rel : names) {
                pushOne(runId, rel, known);
            }
        }
    }

    /** Sends one file of the run (its relative name) to the store if it changed here. */
    public void push(String runId, String rel) {
        if (direct) {
            return;
        }
        Map<String, Known> known = known(runId);
        synchronized (known) {
            pushOne(runId, rel, known);
        }
    }

    /** Forgets what this node knew of a run (after its files were removed from the store). */
    public void forget(String runId) {
        runs.remove(runId);
    }

    @Override
    public void close() {
        store.close();
    }

    // ---- helpers --------------------------------------------------------------------------

    private Map<String, Known> known(String runId) {
        Keys.check(runId);
        return runs.computeIfAbsent(runId, id -> new HashMap<>());
    }

    private void pushOne(String runId, String rel, Map<String, Known> known) {
        Path file = runDir(runId).resolve(rel);
        try {
            BasicFileAttributes before;
            try {
                before = Files.readAttributes(file, BasicFileAttributes.class);
            } catch (NoSuchFileException e) {
                return;
            }
            Known k = known.get(rel);
            long modified = before.lastModifiedTime().to(TimeUnit.NANOSECONDS);
            if (k != null && k.size() == before.size() && k.modified() == modified) {
                return;
            }
            String sha = sha256(file);
            if (k != null && k.sha256().equals(sha)) {
                known.put(rel, new Known(before.size(), modified, sha, k.version()));
                return;
            }
            ArtifactStore.Entry stored;
            try {
                stored = store.put(runId + "/" + rel, file);
            } catch (IOException e) {
                if (changedSince(file, before)) {
                    // Another writer is at this file; its own push sends the final bytes.
                    return;
                }
                throw e;
            }
            known.put(rel, new Known(before.size(), modified, stored.sha256(), null));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot send " + runId + "/" + rel + " to " + store.describe(), e);
        }
    }

    private static boolean changedSince(Path file, BasicFileAttributes before) {
        try {
            BasicFileAttributes now = Files.readAttributes(file, BasicFileAttributes.class);
            return now.size() != before.size() || !now.lastModifiedTime().equals(before.lastModifiedTime());
        } catch (IOException e) {
            return true;
        }
    }

    private void download(String key, Path local) throws IOException {
        Optional<InputStream> in = store.get(key);
        if (in.isEmpty()) {
            return;
        }
        Files.createDirectories(local.getParent());
        Path tmp = local.resolveSibling(local.getFileName() + "." + UUID.randomUUID() + ".tmp");
        try (InputStream stream = in.get()) {
            Files.copy(stream, tmp, StandardCopyOption.REPLACE_EXISTING);
            Files.move(tmp, local, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private static Known seen(Path local, String sha, String version) throws IOException {
        BasicFileAttributes a = Files.readAttributes(local, BasicFileAttributes.class);
        return new Known(a.size(), a.lastModifiedTime().to(TimeUnit.NANOSECONDS), sha, version);
    }

    private static String sha256(Path file) throws IOException {
        try {
            return Digests.sha256Hex(file);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private static IOException asIo(Exception e) {
        return e instanceof UncheckedIOException u ? u.getCause() : (IOException) e;
    }
}
