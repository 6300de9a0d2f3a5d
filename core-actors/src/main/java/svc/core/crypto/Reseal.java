package svc.core.crypto;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import svc.governance.crypto.Envelope;
import svc.governance.crypto.EnvelopeCipher;
import svc.governance.crypto.SealedFiles;
import svc.governance.crypto.SealedText;
import svc.governance.signing.Digests;
import svc.persistence.Database;
import svc.persistence.audit.AuditRepository;
import svc.persistence.inference.PredictionRepository;
import svc.persistence.notifications.NotificationRepository;
import svc.persistence.store.ArtifactStore;

/**
 * Re-seals under the current key everything still sealed under an earlier one ({@code svc admin
 * reseal}), so that a previous key ({@code SVC_KEK_PREVIOUS}) can be dropped: the read side's
 * sealed columns, the journal's events and snapshots written by {@link EncryptedCborSerializer}
 * (the payload bytes are rewritten in place, same serializer id and manifest), the artefact
 * store's run files and any sealed file under this node's {@code $SVC_HOME/batches} (node-local
 * unless shared: each node re-seals its own).
 *
 * <p>Safe while the servers serve and on several nodes at once: rows are read in pages by key and
 * each value is replaced by its own short statement that only matches while the row still holds
 * the value read (compare and set); a value changed meanwhile was written by someone else, and
 * every writer seals under the current key. Files are compared by the SHA-256 of their stored
 * bytes just before they are replaced: neither a directory nor S3 offers a conditional put here,
 * so a writer that replaces the same file within that instant can lose to the re-sealed older
 * content; run files are written while their run runs, so run reseal after a rotation rather than
 * in the middle of a busy run. Running it again is harmless: what is current is counted, not
 * rewritten.
 */
public final class Reseal {

    /** A sealed column: its table, its name, and the columns of the table's key. */
    record SealedColumn(String table, String column, List<String> key) {
        String context() {
            return table + "." + column;
        }
    }

    /**
     * Every column a repository seals, with the context it seals under ({@code table.column}). A
     * column sealed by a new repository must be added here, or reseal leaves it under the old key
     * (and says nothing): {@code ResealTest} checks the list against the tables' sealed values.
     */
    static final List<SealedColumn> COLUMNS = List.of(
            new SealedColumn("runs", "problem", List.of("run_id")),
            new SealedColumn("runs", "failure", List.of("run_id")),
            new SealedColumn("approvals", "rationale", List.of("gate_id")),
            new SealedColumn("permission_denials", "reason", List.of("id")),
            new SealedColumn("batches", "failure", List.of("batch_id")),
            column(NotificationRepository.PAYLOAD, "delivery_id"),
            column(NotificationRepository.LAST_ERROR, "delivery_id"),
            column(NotificationRepository.ATTEMPT_ERROR, "delivery_id", "attempt"),
            column(AuditRepository.DETAIL, "id"),
            column(PredictionRepository.SERVED_PREDICTED, "id"),
            column(PredictionRepository.SERVED_PROBABILITIES, "id"),
            column(PredictionRepository.SERVED_VALUE, "id"),
            column(PredictionRepository.SERVED_ACTUAL, "id"),
            column(PredictionRepository.SHADOW_PREDICTED, "id"),
            column(PredictionRepository.SHADOW_SERVED_PREDICTED, "id"));

    /**
     * The authenticated context of a sealed file under {@code $SVC_HOME/batches}: its path
     * relative to that directory, with {@code /} separators.
     */
    public static Map<String, String> batchFileContext(String relativePath) {
        return Map.of("batch_file", relativePath);
    }

    /** The kinds a report counts, in its order. */
    public static final List<String> KINDS =
            List.of("columns", "journal_events", "snapshots", "run_files", "batch_files");

    private static final int PAGE = 200;
    private static final int MAX_FAILURES = 50;

    /**
     * What one kind held: re-sealed (with {@code dry_run}: would be), already under the current
     * key, in clear (written before encryption was on; left as is), and failed.
     */
    public record Counts(long resealed, long current, long clear, long failed) {
        Counts plus(Counts o) {
            return new Counts(resealed + o.resealed, current + o.current, clear + o.clear, failed + o.failed);
        }
    }

    /**
     * A run's outcome. {@code left}: values still sealed under a key other than the current one
     * (failed ones; with {@code dry_run} also those that would be re-sealed): a previous key may
     * be dropped once a run reports zero.
     */
    public record Report(
            boolean dryRun,
            String currentKey,
            List<String> previousKeys,
            Map<String, Counts> kinds,
            long left,
            List<String> failures,
            String note) {}

    private final Database database;
    private final EnvelopeCipher cipher;
    private final SealedText text;
    private final SealedFiles files;
    private final ArtifactStore stored;
    private final Path batches;
    private final Path spool;
    private final int page;

    /**
     * @param stored the store underneath the sealing one (the bytes as they are stored)
     * @param batches {@code $SVC_HOME/batches}
     * @param spool where re-sealed run files wait for their put (sealed bytes only)
     */
    public Reseal(Database database, EnvelopeCipher cipher, ArtifactStore stored, Path batches, Path spool) {
        this(database, cipher, stored, batches, spool, PAGE);
    }

    /** {@code page}: rows read per query (tests make it small to walk many pages). */
    Reseal(Database database, EnvelopeCipher cipher, ArtifactStore stored, Path batches, Path spool, int page) {
        this.database = database;
        this.cipher = cipher;
        this.text = new SealedText(cipher);
        this.files = new SealedFiles(cipher);
        this.stored = stored;
        this.batches = batches;
        this.spool = spool;
        this.page = page;
    }

    /** Blocking: call it on a blocking dispatcher. */
    public Report run(boolean dryRun) throws SQLException, IOException {
        String current = cipher.current().keyId();
        List<String> previous = cipher.previousKeyIds();
        Map<String, Counts> kinds = new LinkedHashMap<>();
        KINDS.forEach(k -> kinds.put(k, new Counts(0, 0, 0, 0)));
        if (previous.isEmpty()) {
            return new Report(
                    dryRun,
                    current,
                    previous,
                    kinds,
                    0,
                    List.of(),
                    "no previous key is given (SVC_KEK_PREVIOUS): nothing can be sealed under an earlier key that"
                            + " this node could open, so nothing was read or re-sealed");
        }
        Failures failures = new Failures();
        Counts columns = new Counts(0, 0, 0, 0);
        for (SealedColumn col : COLUMNS) {
            columns = columns.plus(column(col, dryRun, failures));
        }
        kinds.put("columns", columns);
        kinds.put(
                "journal_events",
                payloads("event_journal", "event_ser_id", "event_ser_manifest", "event_payload", dryRun, failures));
        kinds.put(
                "snapshots",
                payloads("snapshot", "snapshot_ser_id", "snapshot_ser_manifest", "snapshot_payload", dryRun, failures));
        kinds.put("run_files", runFiles(dryRun, failures));
        kinds.put("batch_files", batchFiles(dryRun, failures));
        long left = kinds.values().stream()
                .mapToLong(c -> c.failed() + (dryRun ? c.resealed() : 0))
                .sum();
        String note = left == 0
                ? "nothing is left under a previous key: it may be removed from SVC_KEK_PREVIOUS"
                : left + " value(s) still need a previous key" + (dryRun ? " (dry run: nothing was changed)" : "");
        return new Report(dryRun, current, previous, kinds, left, failures.list(), note);
    }

    private static SealedColumn column(String qualified, String... key) {
        int dot = qualified.indexOf('.');
        return new SealedColumn(qualified.substring(0, dot), qualified.substring(dot + 1), List.of(key));
    }

    private Counts column(SealedColumn col, boolean dryRun, Failures failures) throws SQLException {
        long resealed = 0;
        long current = 0;
        long failed = 0;
        long clear;
        String keys = String.join(", ", col.key());
        String marks = String.join(", ", Collections.nCopies(col.key().size(), "?"));
        String keyMatch =
                String.join(" AND ", col.key().stream().map(k -> k + " = ?").toList());
        try (Connection c = database.connection()) {
            try (PreparedStatement ps =
                            c.prepareStatement("SELECT COUNT(*) FROM " + col.table() + " WHERE " + col.column()
                                    + " IS NOT NULL AND " + col.column() + " NOT LIKE '" + SealedText.PREFIX + "%'");
                    ResultSet rs = ps.executeQuery()) {
                rs.next();
                clear = rs.getLong(1);
            }
            List<Object> after = null;
            while (true) {
                List<List<Object>> keyValues = new ArrayList<>();
                List<String> values = new ArrayList<>();
                String sql = "SELECT " + keys + ", " + col.column() + " FROM " + col.table() + " WHERE "
                        + col.column() + " LIKE '" + SealedText.PREFIX + "%'"
                        + (after == null ? "" : " AND (" + keys + ") > (" + marks + ")")
                        + " ORDER BY " + keys + " LIMIT " + page;
                try (PreparedStatement ps = c.prepareStatement(sql)) {
                    if (after != null) {
                        bind(ps, 1, after);
                    }
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            List<Object> k = new ArrayList<>();
                            for (int i = 1; i <= col.key().size(); i++) {
                                k.add(rs.getObject(i));
                            }
                            keyValues.add(k);
                            values.add(rs.getString(col.key().size() + 1));
                        }
                    }
                }
                for (int i = 0; i < values.size(); i++) {
                    String value = values.get(i);
                    String where = col.context() + " " + keyValues.get(i);
                    try {
                        String kekId = Envelope.parse(value.substring(SealedText.PREFIX.length()))
                                .kekId();
                        if (kekId.equals(cipher.current().keyId())) {
                            current++;
                            continue;
                        }
                        Map<String, String> context = Map.of("column", col.context());
                        String resealedValue = text.seal(text.open(value, context), context);
                        if (dryRun) {
                            resealed++;
                            continue;
                        }
                        try (PreparedStatement ps = c.prepareStatement("UPDATE " + col.table() + " SET " + col.column()
                                + " = ? WHERE " + keyMatch + " AND " + col.column() + " = ?")) {
                            ps.setString(1, resealedValue);
                            int next = bind(ps, 2, keyValues.get(i));
                            ps.setString(next, value);
                            if (ps.executeUpdate() == 1) {
                                resealed++;
                            } else {
                                // Changed meanwhile: its writer sealed it under the current key.
                                current++;
                            }
                        }
                    } catch (RuntimeException e) {
                        failed++;
                        failures.add(where, e);
                    }
                }
                if (values.size() < page) {
                    break;
                }
                after = keyValues.get(keyValues.size() - 1);
            }
        }
        return new Counts(resealed, current, clear, failed);
    }

    /** Journal events or snapshots: the rows the encrypting serializer wrote, by their serializer id. */
    private Counts payloads(
            String table, String serId, String manifestColumn, String payload, boolean dryRun, Failures failures)
            throws SQLException {
        long resealed = 0;
        long current = 0;
        long failed = 0;
        long clear;
        try (Connection c = database.connection()) {
            try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM " + table + " WHERE " + serId + " <> "
                            + EncryptedCborSerializer.IDENTIFIER);
                    ResultSet rs = ps.executeQuery()) {
                rs.next();
                clear = rs.getLong(1);
            }
            String afterId = null;
            long afterSeq = 0;
            while (true) {
                List<String> ids = new ArrayList<>();
                List<Long> seqs = new ArrayList<>();
                List<String> manifests = new ArrayList<>();
                List<byte[]> bytes = new ArrayList<>();
                try (PreparedStatement ps = c.prepareStatement("SELECT persistence_id, sequence_number, "
                        + manifestColumn + ", " + payload + " FROM " + table + " WHERE " + serId + " = "
                        + EncryptedCborSerializer.IDENTIFIER
                        + (afterId == null ? "" : " AND (persistence_id, sequence_number) > (?, ?)")
                        + " ORDER BY persistence_id, sequence_number LIMIT " + page)) {
                    if (afterId != null) {
                        ps.setString(1, afterId);
                        ps.setLong(2, afterSeq);
                    }
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            ids.add(rs.getString(1));
                            seqs.add(rs.getLong(2));
                            manifests.add(rs.getString(3));
                            bytes.add(rs.getBytes(4));
                        }
                    }
                }
                for (int i = 0; i < ids.size(); i++) {
                    String where = table + " " + ids.get(i) + "#" + seqs.get(i);
                    try {
                        Envelope sealed = Envelope.parse(new String(bytes.get(i), StandardCharsets.UTF_8));
                        if (sealed.kekId().equals(cipher.current().keyId())) {
                            current++;
                            continue;
                        }
                        Map<String, String> context = EncryptedCborSerializer.context(manifests.get(i));
                        byte[] again = cipher.encrypt(cipher.decrypt(sealed, context), context)
                                .toJson()
                                .getBytes(StandardCharsets.UTF_8);
                        if (dryRun) {
                            resealed++;
                            continue;
                        }
                        try (PreparedStatement ps = c.prepareStatement("UPDATE " + table + " SET " + payload
                                + " = ? WHERE persistence_id = ? AND sequence_number = ? AND " + payload + " = ?")) {
                            ps.setBytes(1, again);
                            ps.setString(2, ids.get(i));
                            ps.setLong(3, seqs.get(i));
                            ps.setBytes(4, bytes.get(i));
                            if (ps.executeUpdate() == 1) {
                                resealed++;
                            } else {
                                // Re-sealed meanwhile by another node (or deleted): nothing under the old key.
                                current++;
                            }
                        }
                    } catch (RuntimeException e) {
                        failed++;
                        failures.add(where, e);
                    }
                }
                if (ids.size() < page) {
                    break;
                }
                afterId = ids.get(ids.size() - 1);
                afterSeq = seqs.get(seqs.size() - 1);
            }
        }
        return new Counts(resealed, current, clear, failed);
    }

    private Counts runFiles(boolean dryRun, Failures failures) throws IOException {
        Counts counts = new Counts(0, 0, 0, 0);
        for (String key : stored.keys("")) {
            Map<String, String> context = Map.of("store_key", key);
            counts = counts.plus(file(
                    "run file " + key,
                    () -> stored.get(key),
                    context,
                    dryRun,
                    failures,
                    (again, readSha) -> {
                        Optional<ArtifactStore.Entry> now = stored.stat(key);
                        if (now.isEmpty() || !now.get().sha256().equals(readSha)) {
                            return false;
                        }
                        stored.put(key, again);
                        return true;
                    },
                    spool));
        }
        return counts;
    }

    private Counts batchFiles(boolean dryRun, Failures failures) throws IOException {
        Counts counts = new Counts(0, 0, 0, 0);
        if (!Files.isDirectory(batches)) {
            return counts;
        }
        List<Path> all;
        try (Stream<Path> walk = Files.walk(batches)) {
            all = walk.filter(Files::isRegularFile)
                    .filter(p -> !p.getFileName().toString().endsWith(".tmp"))
                    .sorted()
                    .toList();
        }
        for (Path path : all) {
            String rel = batches.relativize(path).toString().replace('\\', '/');
            counts = counts.plus(file(
                    "batch file " + rel,
                    () -> Files.exists(path) ? Optional.of(Files.newInputStream(path)) : Optional.empty(),
                    batchFileContext(rel),
                    dryRun,
                    failures,
                    (again, readSha) -> {
                        if (!Files.exists(path) || !sha256(path).equals(readSha)) {
                            return false;
                        }
                        Files.move(again, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                        return true;
                    },
                    path.getParent()));
        }
        return counts;
    }

    @FunctionalInterface
    private interface Source {
        Optional<InputStream> open() throws IOException;
    }

    /** Replaces the file with {@code again} if its stored bytes still have {@code readSha}; false if not. */
    @FunctionalInterface
    private interface Replace {
        boolean ifStill(Path again, String readSha) throws IOException;
    }

    private Counts file(
            String what,
            Source source,
            Map<String, String> context,
            boolean dryRun,
            Failures failures,
            Replace replace,
            Path tempDir) {
        try {
            String kekId;
            Optional<InputStream> raw = source.open();
            if (raw.isEmpty()) {
                return new Counts(0, 0, 0, 0);
            }
            try (BufferedInputStream in = new BufferedInputStream(raw.get(), 8 * 1024)) {
                in.mark(SealedFiles.MAGIC.length);
                byte[] head = in.readNBytes(SealedFiles.MAGIC.length);
                in.reset();
                if (!SealedFiles.isSealed(head, head.length)) {
                    return new Counts(0, 0, 1, 0);
                }
                kekId = SealedFiles.keyId(in);
            }
            if (kekId.equals(cipher.current().keyId())) {
                return new Counts(0, 1, 0, 0);
            }
            Files.createDirectories(tempDir);
            Path again = Files.createTempFile(tempDir, "reseal-", ".tmp");
            try {
                MessageDigest sha = Digests.newSha256();
                Optional<InputStream> second = source.open();
                if (second.isEmpty()) {
                    return new Counts(0, 1, 0, 0);
                }
                try (DigestInputStream read = new DigestInputStream(second.get(), sha);
                        InputStream plain = files.open(read, context)) {
                    files.seal(plain, again, context);
                    read.transferTo(OutputStream.nullOutputStream());
                }
                // A dry run re-seals into the temporary file too: its count proves each file opens.
                if (dryRun) {
                    return new Counts(1, 0, 0, 0);
                }
                return replace.ifStill(again, HexFormat.of().formatHex(sha.digest()))
                        ? new Counts(1, 0, 0, 0)
                        // Replaced meanwhile by a writer, which sealed it under the current key.
                        : new Counts(0, 1, 0, 0);
            } finally {
                Files.deleteIfExists(again);
            }
        } catch (IOException | RuntimeException e) {
            failures.add(what, e);
            return new Counts(0, 0, 0, 1);
        }
    }

    private static String sha256(Path path) throws IOException {
        MessageDigest sha = Digests.newSha256();
        try (InputStream in = new DigestInputStream(Files.newInputStream(path), sha)) {
            in.transferTo(OutputStream.nullOutputStream());
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    private static int bind(PreparedStatement ps, int from, List<Object> values) throws SQLException {
        int i = from;
        for (Object v : values) {
            ps.setObject(i++, v);
        }
        return i;
    }

    /** The first failures with their reasons (a report stays short when thousands fail for one reason). */
    private static final class Failures {
        private final List<String> list = new ArrayList<>();
        private long more;

        void add(String where, Exception e) {
            if (list.size() < MAX_FAILURES) {
                list.add(where + ": " + e.getMessage());
            } else {
                more++;
            }
        }

        List<String> list() {
            if (more == 0) {
                return List.copyOf(list);
            }
            List<String> out = new ArrayList<>(list);
            out.add("... and " + more + " more");
            return out;
        }
    }
}
