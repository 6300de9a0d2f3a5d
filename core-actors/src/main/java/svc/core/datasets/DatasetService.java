package svc.core.datasets;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.apache.pekko.stream.javadsl.Sink;
import org.apache.pekko.util.ByteString;
import svc.core.run.RunErrors;
import svc.core.run.RunService;
import svc.ml.data.DataLoadException;
import svc.ml.data.DatasetReader;
import svc.ml.data.DatasetShape;
import svc.persistence.Database;
import svc.persistence.lineage.DatasetRow;
import svc.persistence.lineage.LineageRepository;
import svc.persistence.lineage.ModelRow;
import svc.persistence.runs.RunRepository;
import svc.persistence.runs.RunRow;

/**
 * Uploaded datasets: an upload's bytes go to the {@link DatasetStore}; once they are all there
 * the file is checked as CSV or JSONL (every line, streamed), kept under its content name and
 * registered in {@code lineage_datasets}. Lists and details come from the lineage tables.
 * Blocking work (files, JDBC) runs on the executor given; every callback has it explicitly.
 */
public final class DatasetService {

    /** What an uploader says about the bytes: all optional; a null format is sniffed from the content. */
    public record Upload(String name, String format, String consentDocRef, String uploadedBy) {}

    /** The registered dataset and whether this upload created it (false: the same bytes were there). */
    public record Uploaded(DatasetRow dataset, boolean created) {}

    /** A dataset with the runs that read it and the models trained on it, newest first. */
    public record Detail(DatasetRow dataset, List<RunRow> runs, List<ModelRow> models) {}

    /** The largest number of runs or models a dataset's detail lists. */
    static final int DETAIL_LIMIT = 1000;

    private static final int MAX_NAME = 255;

    private final Database database;
    private final DatasetStore store;
    private final Executor blocking;
    private final LineageRepository lineage = new LineageRepository();
    private final RunRepository runs;

    public DatasetService(Database database, DatasetStore store, Executor blocking) {
        this.database = database;
        this.runs = new RunRepository(database.columns());
        this.store = store;
        this.blocking = blocking;
    }

    public long maxUploadBytes() {
        return store.maxBytes();
    }

    public Duration uploadTimeout() {
        return store.uploadTimeout();
    }

    /** A sink for one upload's bytes; see {@link DatasetStore#receiver}. */
    public Sink<ByteString, CompletionStage<DatasetStore.Received>> receiver() {
        return store.receiver();
    }

    /**
     * Checks a received upload, keeps it and registers it. A file that is not a well-formed
     * dataset is deleted and refused with {@link RunErrors.Invalid} saying what is wrong where.
     */
    public CompletionStage<Uploaded> register(DatasetStore.Received received, Upload upload) {
        return CompletableFuture.supplyAsync(() -> registerNow(received, upload), blocking);
    }

    /** Deletes a received upload that will not be registered (the request failed otherwise). */
    public CompletionStage<Void> discard(DatasetStore.Received received) {
        return CompletableFuture.runAsync(() -> store.discard(received), blocking);
    }

    private Uploaded registerNow(DatasetStore.Received received, Upload upload) {
        String name;
        DatasetShape shape;
        try {
            name = name(upload.name());
            String format = upload.format() != null ? upload.format() : sniff(received.file());
            shape = DatasetReader.check(received.file(), format, name == null ? "the upload" : name);
        } catch (DataLoadException e) {
            store.discard(received);
            throw new RunErrors.Invalid(List.of("file: " + e.getMessage()));
        } catch (RuntimeException e) {
            store.discard(received);
            throw e;
        }
        DatasetStore.Stored stored = store.keep(received, shape.format());
        DatasetRow row = new DatasetRow(
                DatasetStore.datasetId(stored.uri(), stored.sha256()),
                stored.uri(),
                stored.sha256(),
                blankToNull(upload.consentDocRef()),
                Instant.now(),
                name,
                shape.format(),
                stored.size(),
                shape.rows(),
                shape.columns(),
                upload.uploadedBy());
        return jdbc(c -> {
            boolean created = lineage.registerUpload(c, row);
            return new Uploaded(lineage.findDataset(c, row.datasetId()).orElse(row), created);
        });
    }

    public CompletionStage<RunService.Page<DatasetRow>> list(int limit, int offset) {
        return CompletableFuture.supplyAsync(
                () -> jdbc(c -> new RunService.Page<>(
                        lineage.listDatasets(c, limit, offset), lineage.countDatasets(c), limit, offset)),
                blocking);
    }

    public CompletionStage<Detail> get(String datasetId) {
        return CompletableFuture.supplyAsync(
                () -> jdbc(c -> {
                    DatasetRow d = lineage.findDataset(c, datasetId)
                            .orElseThrow(() -> new RunErrors.NotFound("no dataset " + datasetId));
                    return new Detail(
                            d, runs.ofDataset(c, datasetId), lineage.listModels(c, null, datasetId, DETAIL_LIMIT, 0));
                }),
                blocking);
    }

    /**
     * The file a run started from {@code datasetId} reads (blocking): the registered dataset's
     * file in the store. Empty when no dataset has that id or its file is gone (erased).
     */
    public Optional<Path> fileOf(String datasetId) {
        return jdbc(c -> lineage.findDataset(c, datasetId)).flatMap(d -> store.localPath(d.uri()));
    }

    /** JSON Lines when the first character that is not blank opens an object, else CSV. */
    private static String sniff(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            for (int b; (b = in.read()) != -1; ) {
                if (!Character.isWhitespace(b) && b != 0xEF && b != 0xBB && b != 0xBF) {
                    return b == '{' ? DatasetShape.JSONL : DatasetShape.CSV;
                }
            }
            return DatasetShape.CSV;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The file's own name, without a client's directories; null when none was given. */
    static String name(String raw) {
        if (raw == null) {
            return null;
        }
        String n = raw.substring(Math.max(raw.lastIndexOf('/'), raw.lastIndexOf('\\')) + 1)
                .strip();
        if (n.isEmpty()) {
            return null;
        }
        if (n.chars().anyMatch(Character::isISOControl)) {
            throw new RunErrors.Invalid(List.of("name: must not contain control characters"));
        }
        return n.length() <= MAX_NAME ? n : n.substring(0, MAX_NAME);
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

    private interface SqlWork<T> {
        T apply(Connection c) throws SQLException;
    }

    private <T> T jdbc(SqlWork<T> work) {
        try (Connection c = database.connection()) {
            return work.apply(c);
        } catch (SQLException e) {
            throw new IllegalStateException("database error: " + e.getMessage(), e);
        }
    }
}
