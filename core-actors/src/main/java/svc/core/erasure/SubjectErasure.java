package svc.core.erasure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import svc.config.Json;
import svc.core.readside.FileLocks;
import svc.governance.erasure.ConversationTombstoner;
import svc.governance.erasure.DatasetRowEraser;
import svc.governance.erasure.ErasureCounts;
import svc.governance.erasure.ErasureReceipt;
import svc.governance.erasure.InvalidSubjectIdException;
import svc.persistence.Database;
import svc.persistence.lineage.LineageRepository;
import svc.persistence.runs.RunRepository;
import svc.persistence.store.WorkingCopy;

/**
 * Right-to-be-forgotten erasure (G15) of one subject across what svc keeps: the lineage
 * datasets collected under the subject's consent document are deleted (their models keep
 * existing with a null dataset reference), data rows whose cell equals the subject id are removed
 * from the runs' dataset files, and conversation lines mentioning the subject are tombstoned
 * (order and count kept). A preview counts the same without changing anything. Either way the
 * answer is a receipt hashed over its sorted-key JSON; executed receipts are kept under
 * {@code $SVC_HOME/erasure/}.
 *
 * <p>Not covered: figures derived from the data before erasure (profiles, SHAP samples, trained
 * models) stay as they were; a deployment trained on erased rows needs retraining.
 */
public final class SubjectErasure {

    private final Database database;
    private final Path home;
    private final WorkingCopy runFiles;
    private final Executor blocking;
    private final LineageRepository lineage = new LineageRepository();
    private final RunRepository runs;

    public SubjectErasure(Database database, Path home, WorkingCopy runFiles, Executor blocking) {
        this.database = database;
        this.runs = new RunRepository(database.columns());
        this.home = home;
        this.runFiles = runFiles;
        this.blocking = blocking;
    }

    public CompletionStage<ErasureReceipt> preview(String subjectId) {
        return start(subjectId, true);
    }

    public CompletionStage<ErasureReceipt> erase(String subjectId) {
        return start(subjectId, false);
    }

    private CompletionStage<ErasureReceipt> start(String subjectId, boolean dryRun) {
        try {
            InvalidSubjectIdException.requireValid(subjectId);
        } catch (InvalidSubjectIdException e) {
            return CompletableFuture.failedFuture(e);
        }
        return CompletableFuture.supplyAsync(() -> run(subjectId, dryRun), blocking);
    }

    private ErasureReceipt run(String subject, boolean dryRun) {
        Instant requested = Instant.now();
        long lineageRows;
        long modelsNulled;
        List<String> datasetPaths;
        try (Connection c = database.connection()) {
            c.setAutoCommit(false);
            List<String> datasets = lineage.datasetsOfConsent(c, subject);
            modelsNulled = lineage.modelsOfDatasets(c, datasets);
            lineageRows = dryRun ? datasets.size() : lineage.deleteDatasets(c, datasets);
            datasetPaths = runs.datasetPaths(c);
            c.commit();
        } catch (SQLException e) {
            throw new IllegalStateException(
                    "erasure could not read or change the lineage tables: " + e.getMessage(), e);
        }
        long rows = 0;
        long lines = 0;
        long files = 0;
        for (String path : datasetPaths) {
            Path file = Path.of(path);
            if (!Files.isRegularFile(file)) {
                continue;
            }
            DatasetRowEraser.Result r = path.endsWith(".jsonl")
                    ? DatasetRowEraser.jsonl(read(file), subject)
                    : DatasetRowEraser.csv(read(file), subject);
            if (r.removed() > 0) {
                rows += r.removed();
                files++;
                if (!dryRun) {
                    write(file, r.lines());
                }
            }
        }
        for (String key : conversationKeys()) {
            String runId = key.substring(0, key.indexOf('/'));
            Path file = runFiles.runDir(runId).resolve(key.substring(runId.length() + 1));
            try (WorkingCopy.Lease lease = runFiles.lease(runId)) {
                runFiles.pull(runId, "conversations/");
                synchronized (FileLocks.of(file)) {
                    ConversationTombstoner.Result r = ConversationTombstoner.tombstone(read(file), subject, requested);
                    if (r.tombstoned() > 0) {
                        lines += r.tombstoned();
                        files++;
                        if (!dryRun) {
                            write(file, r.lines());
                            runFiles.push(runId, key.substring(runId.length() + 1));
                        }
                    }
                }
            }
        }
        ErasureReceipt receipt = ErasureReceipt.issue(
                subject,
                dryRun,
                new ErasureCounts(rows + lineageRows, modelsNulled, lines, files),
                requested,
                Instant.now());
        if (!dryRun) {
            keep(receipt);
        }
        return receipt;
    }

    /** Every run's conversation files in the store ({@code <run>/conversations/<agent>.jsonl}). */
    private List<String> conversationKeys() {
        try {
            return runFiles.store().keys("").stream()
                    .filter(k -> k.matches("[^/]+/conversations/[^/]+\\.jsonl"))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void keep(ErasureReceipt receipt) {
        try {
            Path dir = Files.createDirectories(home.resolve("erasure"));
            // The file name carries no subject id: only the receipt inside names it.
            String name = receipt.completedAt().toString().replace(':', '-') + "-"
                    + receipt.signature().substring(0, 12) + ".json";
            Files.writeString(dir.resolve(name), Json.writePretty(receipt));
        } catch (IOException e) {
            throw new UncheckedIOException("erasure done, but its receipt could not be kept: " + e.getMessage(), e);
        }
    }

    private static List<String> read(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    private static void write(Path file, List<String> lines) {
        try {
            Path tmp = file.resolveSibling(file.getFileName() + ".erasure.tmp");
            Files.write(tmp, lines, StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot rewrite " + file, e);
        }
    }
}
