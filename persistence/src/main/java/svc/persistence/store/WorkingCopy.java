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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
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

    /**
     * This node's state of one run's copy: what it exchanged with the store, and how many callers
     * are using the copy now (a {@link Lease}); {@code gone} once {@link #evict} removed it, so a
     * caller that found this object in the map just before takes a fresh one.
     */
    private static final class Local {
        final Map<String, Known> known = new HashMap<>();
        int users;
        boolean gone;
    }

    /** Something done to a run's {@link Local} under its lock. */
    private interface Locked<T> {
        T apply(Local local) throws IOException;
    }

    private final ArtifactStore store;
    private final Path root;
    private final boolean direct;
    private final ConcurrentHashMap<String, Local> runs = new ConcurrentHashMap<>();
    private final AtomicLong evictions = new AtomicLong();

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
        locked(runId, copy -> {
            Map<String, Known> known = copy.known;
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
            return null;
        });
    }

    /** What {@link #read} does with a directory once it is there. */
    public interface Reader<T> {
        T read(Path dir) throws IOException;
    }

    /**
     * Reads a directory of this working copy (a run's folder or one under it, such as a saved
     * model's {@code model/}): its files are brought from the store first and kept on this disk
     * until {@code body} returns. A directory outside the working copy is read as it is.
     */
    public <T> T read(Path dir, Reader<T> body) throws IOException {
        Path p = dir.toAbsolutePath().normalize();
        if (direct || !p.startsWith(root) || p.equals(root)) {
            return body.read(p);
        }
        Path rel = root.relativize(p);
        String runId = rel.getName(0).toString();
        String under = rel.getNameCount() == 1
                ? ""
                : rel.subpath(1, rel.getNameCount()).toString().replace('\\', '/') + "/";
        try (Lease lease = lease(runId)) {
            pull(runId, under);
            return body.read(p);
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
        locked(runId, local -> {
            for (String rel : names) {
                pushOne(runId, rel, local.known);
            }
            return null;
        });
    }

    /** Sends one file of the run (its relative name) to the store if it changed here. */
    public void push(String runId, String rel) {
        if (direct) {
            return;
        }
        locked(runId, local -> {
            pushOne(runId, rel, local.known);
            return null;
        });
    }

    /** Forgets what this node knew of a run (after its files were removed from the store). */
    public void forget(String runId) {
        locked(runId, local -> {
            local.known.clear();
            return null;
        });
    }

    /**
     * Keeps the run's copy on this disk until the lease is closed: {@link #evict} leaves a run in
     * use alone. Every reader that pulls and then reads files (a tool, a model load, the
     * conversation projection's appends) holds one from before its pull to after its last read or
     * push, so the copy cannot vanish between the two.
     */
    public Lease lease(String runId) {
        if (direct) {
            return new Lease(null);
        }
        return locked(runId, local -> {
            local.users++;
            return new Lease(local);
        });
    }

    /** A run's copy in use; see {@link #lease}. */
    public static final class Lease implements AutoCloseable {
        private final Local local;
        private boolean closed;

        private Lease(Local local) {
            this.local = local;
        }

        @Override
        public void close() {
            if (local == null) {
                return;
            }
            synchronized (local) {
                if (!closed) {
                    closed = true;
                    local.users--;
                }
            }
        }
    }

    /**
     * Removes this node's copy of a run (its clear files; the store keeps its own), unless a
     * {@link Lease} holds it: then nothing happens and the answer is false (the next sweep tries
     * again). A later reader pulls the files it needs from the store again. Nothing to do when the
     * working copy is the store.
     */
    public boolean evict(String runId) {
        if (direct) {
            return false;
        }
        return locked(runId, local -> {
            if (local.users > 0) {
                return false;
            }
            deleteTree(runDir(runId));
            local.gone = true;
            runs.remove(runId, local);
            evictions.incrementAndGet();
            return true;
        });
    }

    /**
     * How many copies {@link #evict} has removed since this working copy was opened: a reader that
     * keeps what it pulled in memory between calls (the conversation projection) pulls again when
     * this has changed.
     */
    public long evictions() {
        return evictions.get();
    }

    /** The runs that have a directory in this working copy (none when it is the store). */
    public List<String> localRuns() {
        if (direct || !Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> dirs = Files.list(root)) {
            return dirs.filter(Files::isDirectory)
                    .map(d -> d.getFileName().toString())
                    .filter(Keys::isRunId)
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the working copy " + root, e);
        }
    }

    @Override
    public void close() {
        store.close();
    }

    // ---- helpers --------------------------------------------------------------------------

    /** Runs {@code body} under the run's lock, on a {@link Local} that {@link #evict} has not removed. */
    private <T> T locked(String runId, Locked<T> body) {
        Keys.check(runId);
        while (true) {
            Local local = runs.computeIfAbsent(runId, id -> new Local());
            synchronized (local) {
                if (local.gone) {
                    continue;
                }
                try {
                    return body.apply(local);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
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
