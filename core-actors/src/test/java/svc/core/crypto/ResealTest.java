package svc.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.governance.crypto.Envelope;
import svc.governance.crypto.EnvelopeCipher;
import svc.governance.permission.DenialRecord;
import svc.persistence.Database;
import svc.persistence.DatabaseSettings;
import svc.persistence.approvals.ApprovalRepository;
import svc.persistence.approvals.ApprovalRow;
import svc.persistence.audit.AuditRepository;
import svc.persistence.audit.AuditRow;
import svc.persistence.crypto.AtRest;
import svc.persistence.denials.DenialRepository;
import svc.persistence.inference.PredictionRepository;
import svc.persistence.notifications.AttemptRow;
import svc.persistence.notifications.NotificationRepository;
import svc.persistence.notifications.NotificationRow;
import svc.persistence.runs.RunRepository;
import svc.persistence.runs.RunRow;
import svc.persistence.store.DirectoryArtifactStore;
import svc.persistence.store.SealedArtifactStore;

/**
 * {@link Reseal} over every sealed column (each written through its repository under key A), a
 * journal row, a run file and a batch file: two re-seals under key B at once (two nodes) share the
 * work without losing or doubling a value, nothing in any text column of any table still names
 * key A afterwards (a sealed column missing from {@link Reseal#COLUMNS} would), and every value
 * opens with key B alone.
 */
class ResealTest {

    private static final Instant T = Instant.parse("2026-01-01T10:00:00Z");

    @TempDir
    Path home;

    private DatabaseSettings database;

    /** Once per test: the PostgreSQL variant creates a fresh database each time it is asked. */
    private DatabaseSettings db() throws Exception {
        if (database == null) {
            database = settings();
        }
        return database;
    }

    private static String key(char c) {
        return Base64.getEncoder().encodeToString(String.valueOf(c).repeat(32).getBytes(StandardCharsets.US_ASCII));
    }

    private static AtRest atRest(String kek, String previous) {
        return AtRest.fromConfig(ConfigFactory.parseMap(Map.of(
                        "svc.home",
                        "/tmp",
                        "svc.at-rest.encryption",
                        "on",
                        "svc.at-rest.kek",
                        kek,
                        "svc.at-rest.previous-keks",
                        previous))
                .withFallback(ConfigFactory.load()));
    }

    DatabaseSettings settings() throws Exception {
        return new DatabaseSettings(
                DatabaseSettings.Kind.H2,
                "jdbc:h2:file:" + home.resolve("db").toAbsolutePath() + ";DATABASE_TO_UPPER=false",
                "sa",
                "",
                4);
    }

    @Test
    void twoConcurrentResealsLeaveNothingUnderTheOldKeyAndEverythingOpensWithTheNewOne() throws Exception {
        AtRest a = atRest(key('a'), "");
        String keyA = a.cipher().orElseThrow().current().keyId();
        DirectoryArtifactStore raw = new DirectoryArtifactStore(home.resolve("runs"));
        Path batches = home.resolve("batches");
        try (Database db = Database.open(db(), a.columns());
                Connection c = db.connection()) {
            writeEverySealedColumn(db, c);
            // A journal row as the encrypting serializer writes it.
            EnvelopeCipher cipherA = a.cipher().orElseThrow();
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO event_journal (persistence_id,"
                    + " sequence_number, deleted, writer, write_timestamp, adapter_manifest, event_ser_id,"
                    + " event_ser_manifest, event_payload) VALUES ('Run|r-1', 1, FALSE, 'w', 0, '', ?, 'm', ?)")) {
                ps.setInt(1, EncryptedCborSerializer.IDENTIFIER);
                ps.setBytes(
                        2,
                        cipherA.encrypt(
                                        "event bytes".getBytes(StandardCharsets.UTF_8),
                                        EncryptedCborSerializer.context("m"))
                                .toJson()
                                .getBytes(StandardCharsets.UTF_8));
                ps.executeUpdate();
            }
            new SealedArtifactStore(raw, a.files().orElseThrow(), home.resolve("spool"))
                    .put("r-1/metrics.json", new ByteArrayInputStream("{\"acc\":1}".getBytes(StandardCharsets.UTF_8)));
            Files.createDirectories(batches.resolve("b-1"));
            a.files()
                    .orElseThrow()
                    .seal(
                            new ByteArrayInputStream("line\n".getBytes(StandardCharsets.UTF_8)),
                            batches.resolve("b-1/results.jsonl"),
                            Reseal.batchFileContext("b-1/results.jsonl"));
            Files.writeString(batches.resolve("b-1/input.csv"), "clear,input\n");
        }

        AtRest b = atRest(key('b'), key('a'));
        ExecutorService two = Executors.newFixedThreadPool(2);
        try (Database db = Database.open(db(), b.columns())) {
            Reseal dry = new Reseal(db, b.cipher().orElseThrow(), raw, batches, home.resolve("spool"));
            Reseal.Report counted = dry.run(true);
            long toReseal = counted.kinds().values().stream()
                    .mapToLong(Reseal.Counts::resealed)
                    .sum();
            assertThat(counted.kinds().get("columns").resealed()).isEqualTo(16);
            assertThat(counted.kinds().get("columns").clear()).isZero();
            assertThat(counted.kinds().get("journal_events").resealed()).isEqualTo(1);
            assertThat(counted.kinds().get("run_files").resealed()).isEqualTo(1);
            assertThat(counted.kinds().get("batch_files")).isEqualTo(new Reseal.Counts(1, 0, 1, 0));
            assertThat(counted.left()).isEqualTo(toReseal);

            List<CompletableFuture<Reseal.Report>> nodes = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                // One row per page: every key-set step of every table is walked.
                Reseal node = new Reseal(db, b.cipher().orElseThrow(), raw, batches, home.resolve("spool-" + i), 1);
                nodes.add(CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                return node.run(false);
                            } catch (Exception e) {
                                throw new IllegalStateException(e);
                            }
                        },
                        two));
            }
            List<Reseal.Report> reports = new ArrayList<>();
            for (CompletableFuture<Reseal.Report> n : nodes) {
                reports.add(n.get(120, TimeUnit.SECONDS));
            }
            for (Reseal.Report r : reports) {
                assertThat(r.failures()).isEmpty();
                assertThat(r.left()).isZero();
                for (String kind : Reseal.KINDS) {
                    // Each value counted once by each node: re-sealed by it, or found current.
                    Reseal.Counts counts = r.kinds().get(kind);
                    assertThat(counts.resealed() + counts.current())
                            .as(kind)
                            .isEqualTo(counted.kinds().get(kind).resealed());
                }
            }
            assertThat(reports.stream()
                            .flatMap(r -> r.kinds().values().stream())
                            .mapToLong(Reseal.Counts::resealed)
                            .sum())
                    .as("re-sealed by one node or the other")
                    .isGreaterThanOrEqualTo(toReseal);

            try (Connection c = db.connection()) {
                assertThat(textValuesNaming(c, keyA)).isEmpty();
            }
        } finally {
            two.shutdownNow();
        }

        // Key B alone opens everything.
        AtRest onlyB = atRest(key('b'), "");
        try (Database db = Database.open(db(), onlyB.columns());
                Connection c = db.connection()) {
            assertThat(new RunRepository(db.columns())
                            .find(c, "r-1")
                            .orElseThrow()
                            .problem())
                    .isEqualTo("Quokka problem");
            assertThat(new AuditRepository(db.columns())
                            .read(c, new AuditRepository.Filter(null, null, null, null), 10, 0)
                            .items()
                            .get(0)
                            .detail())
                    .isEqualTo("Quokka detail");
            assertThat(new PredictionRepository(db.dataSource(), db.columns())
                            .answers("m", "q-1")
                            .get(0)
                            .predicted())
                    .isEqualTo("Quokka-yes");
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT event_payload FROM event_journal")) {
                rs.next();
                EnvelopeCipher cipherB = onlyB.cipher().orElseThrow();
                assertThat(new String(
                                cipherB.decrypt(
                                        Envelope.parse(new String(rs.getBytes(1), StandardCharsets.UTF_8)),
                                        EncryptedCborSerializer.context("m")),
                                StandardCharsets.UTF_8))
                        .isEqualTo("event bytes");
            }
        }
        try (InputStream in = new SealedArtifactStore(raw, onlyB.files().orElseThrow(), home.resolve("spool"))
                .get("r-1/metrics.json")
                .orElseThrow()) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("{\"acc\":1}");
        }
        try (InputStream in = onlyB.files()
                .orElseThrow()
                .open(
                        Files.newInputStream(batches.resolve("b-1/results.jsonl")),
                        Reseal.batchFileContext("b-1/results.jsonl"))) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("line\n");
        }
    }

    /** One value in each of the 15 sealed columns (the attempt's error twice: two attempts' rows). */
    private static void writeEverySealedColumn(Database db, Connection c) throws Exception {
        new RunRepository(db.columns())
                .insert(
                        c,
                        new RunRow(
                                "r-1",
                                "failed",
                                "fast_prototype",
                                "default",
                                "Quokka problem",
                                "/d.csv",
                                "y",
                                "ana",
                                T,
                                T,
                                null,
                                0,
                                "Quokka failure",
                                null,
                                null));
        ApprovalRepository approvals = new ApprovalRepository(db.columns());
        approvals.insert(
                c,
                new ApprovalRow(
                        "g-1",
                        "r-1",
                        "deploy",
                        "deployment",
                        "pending",
                        T,
                        null,
                        null,
                        null,
                        List.of(),
                        null,
                        null,
                        null));
        approvals.decide(c, "g-1", "approved", "ana", T, "Quokka rationale");
        new DenialRepository(db.dataSource(), db.columns())
                .record(new DenialRecord("profile", "r1", "Quokka reason", "r-1", "a", "fetch", T));
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO batches (batch_id, kind, state, total, processed,"
                + " errors, created_by, created_at, updated_at, failure) VALUES ('b-1', 'inference', 'failed', 1, 0,"
                + " 0, 'ana', ?, ?, ?)")) {
            ps.setObject(1, Timestamp.from(T));
            ps.setObject(2, Timestamp.from(T));
            ps.setString(3, db.columns().seal("batches.failure", "Quokka batch failure"));
            ps.executeUpdate();
        }
        NotificationRepository outbox = new NotificationRepository(db.columns());
        outbox.insert(c, NotificationRow.owed("d-1", "r-1", 1, "gate_opened", "g-1", "email", "Quokka payload", T));
        for (int attempt = 1; attempt <= 2; attempt++) {
            outbox.claim(c, "d-1", "me", T.plusSeconds(attempt * 100), T.plusSeconds(attempt * 100 + 60));
            outbox.recordAttempt(
                    c,
                    "me",
                    new AttemptRow("d-1", attempt, T.plusSeconds(attempt * 100), "retry", "421", "Quokka busy"),
                    NotificationRow.RETRYING,
                    T.plusSeconds(attempt * 100));
        }
        new AuditRepository(db.columns())
                .append(c, new AuditRow(0, T, "ana", "users.update", "PATCH", "/u/1", 200, "Quokka detail", null));
        PredictionRepository predictions = new PredictionRepository(db.dataSource(), db.columns());
        predictions.insertServed(
                List.of(new PredictionRepository.ServedRow("q-1", "m", "dep-1", "m@1", 1, "Quokka-yes", "{}", 1.5, T)));
        predictions.label(predictions.answers("m", "q-1").get(0).id(), "Quokka-yes", true, 0.0, null, T);
        predictions.insertShadow(List.of(new PredictionRepository.ShadowRow(
                "q-1", "m", "dep-2", "m@2", "dep-1", "Quokka-no", "Quokka-yes", false, T)));
    }

    /** Every text value in every table of the schema that names {@code keyId}: "table.column". */
    private static List<String> textValuesNaming(Connection c, String keyId) throws Exception {
        List<String[]> columns = new ArrayList<>();
        // The driver's own catalogue: the same on H2 and PostgreSQL.
        try (ResultSet rs = c.getMetaData().getColumns(null, null, "%", "%")) {
            while (rs.next()) {
                int type = rs.getInt("DATA_TYPE");
                if (rs.getString("TABLE_SCHEM").equalsIgnoreCase("public")
                        && (type == Types.VARCHAR || type == Types.CLOB || type == Types.LONGVARCHAR)) {
                    columns.add(new String[] {rs.getString("TABLE_NAME"), rs.getString("COLUMN_NAME")});
                }
            }
        }
        assertThat(columns).hasSizeGreaterThan(50);
        List<String> out = new ArrayList<>();
        for (String[] col : columns) {
            try (PreparedStatement ps =
                    c.prepareStatement("SELECT COUNT(*) FROM \"" + col[0] + "\" WHERE \"" + col[1] + "\" LIKE ?")) {
                ps.setString(1, "%" + keyId + "%");
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    if (rs.getLong(1) > 0) {
                        out.add(col[0] + "." + col[1]);
                    }
                }
            }
        }
        return out;
    }
}
