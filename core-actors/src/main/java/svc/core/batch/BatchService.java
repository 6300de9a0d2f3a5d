package svc.core.batch;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.Function;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityRef;
import svc.core.CoreSettings;
import svc.core.datasets.DataRoots;
import svc.core.run.RunErrors;
import svc.core.run.RunService.Page;
import svc.core.tools.ToolInvoker;
import svc.persistence.Database;
import svc.persistence.store.WorkingCopy;

/**
 * What the API and the CLI do with batches: submit (validate, stage the records, count the
 * input's lines), read, list (from the {@code batches} table), resume, cancel, and find the
 * results file. Failures are {@link RunErrors} (400, 404, 409 at the API).
 */
public final class BatchService {

    private static final Set<String> KINDS = Set.of(BatchSpec.INFERENCE, BatchSpec.ECHO, BatchSpec.CUSTOM);

    /**
     * A submission. Exactly one of {@code inputPath} (JSONL the server can read) and
     * {@code records}. {@code model}: a saved model's directory or a run id (its {@code model/});
     * with {@code runId} alone, that run's model.
     */
    public record SubmitRequest(
            String kind,
            String runId,
            String model,
            String inputPath,
            List<JsonNode> records,
            String tool,
            String agent,
            String submittedBy) {}

    private final ActorSystem<?> system;
    private final Database database;
    private final CoreSettings settings;
    private final DataRoots dataRoots;
    private final ToolInvoker tools;
    private final BatchFeed feed;
    private final BatchFiles files;
    private final Executor blocking;
    private final Duration askTimeout;

    public BatchService(
            ActorSystem<?> system,
            Database database,
            CoreSettings settings,
            DataRoots dataRoots,
            ToolInvoker tools,
            BatchFeed feed,
            BatchFiles files,
            Executor blocking) {
        this.system = system;
        this.database = database;
        this.settings = settings;
        this.dataRoots = dataRoots;
        this.tools = tools;
        this.feed = feed;
        this.files = files;
        this.blocking = blocking;
        this.askTimeout = settings.askTimeout();
    }

    /** Where batch {@code id} keeps its input (when given as records) and {@code results.jsonl}. */
    public Path dir(String batchId) {
        return files.dir(batchId);
    }

    public BatchFeed feed() {
        return feed;
    }

    public CompletionStage<BatchView> submit(SubmitRequest request) {
        return CompletableFuture.supplyAsync(() -> prepare(request), blocking)
                .thenCompose(p -> ask(p.batchId(), r -> new BatchEntity.Submit(p.spec(), p.total(), r)));
    }

    private record Prepared(String batchId, BatchSpec spec, long total) {}

    private Prepared prepare(SubmitRequest r) {
        List<String> problems = new ArrayList<>();
        if (r.kind() == null || !KINDS.contains(r.kind())) {
            problems.add("kind: must be one of inference, echo, custom");
        }
        boolean hasPath = r.inputPath() != null && !r.inputPath().isBlank();
        boolean hasRecords = r.records() != null;
        Path named = null;
        if (hasPath == hasRecords) {
            problems.add("give exactly one of input_path and records");
        } else if (hasPath) {
            // The echo kind copies its input into results.jsonl: only a file the caller may name is read.
            try {
                named = dataRoots.permitted("input_path", r.inputPath());
            } catch (DataRoots.Refused e) {
                problems.add(e.getMessage());
            }
        }
        String modelDir = null;
        String agent = r.agent();
        if (BatchSpec.INFERENCE.equals(r.kind())) {
            modelDir = modelDir(r, problems);
        } else if (BatchSpec.CUSTOM.equals(r.kind())) {
            if (r.tool() == null || r.tool().isBlank()) {
                problems.add("tool: a custom batch names the tool run per record");
            } else if (agent == null || agent.isBlank()) {
                agent = tools.agentWithTool(r.tool()).orElse(null);
                if (agent == null) {
                    problems.add("tool: no roster agent has the tool '" + r.tool() + "'; name one with agent");
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new RunErrors.Invalid(problems);
        }
        String batchId = "b-" + UUID.randomUUID().toString().substring(0, 12);
        Path dir = dir(batchId);
        try {
            Files.createDirectories(dir);
            Path input = hasPath ? named : dir.resolve(BatchFiles.INPUT);
            if (hasRecords) {
                // Sealed with at-rest encryption on, as the results are.
                files.writeInput(input, r.records());
                // Kept by its real path, as a named input is: the worker refuses a path that changed since.
                input = input.toRealPath();
            }
            BatchSpec spec = new BatchSpec(
                    r.kind(),
                    blankToNull(r.runId()),
                    modelDir,
                    blankToNull(r.tool()),
                    agent,
                    input.toString(),
                    dir.toString(),
                    r.submittedBy());
            return new Prepared(batchId, spec, countLines(input));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String modelDir(SubmitRequest r, List<String> problems) {
        String model = blankToNull(r.model());
        Path dir;
        if (model != null && (model.contains("/") || Files.isDirectory(Path.of(model)))) {
            // A model directory named by path: read (and its manifest quoted in errors) only inside the data roots.
            try {
                dir = dataRoots.permittedDirectory("model", model);
            } catch (DataRoots.Refused e) {
                problems.add(e.getMessage());
                return null;
            }
        } else if (model != null || r.runId() != null) {
            String run = model != null ? model : r.runId();
            WorkingCopy files = tools.files();
            // Checked here; the worker reads the model through the working copy again (pulled if swept).
            try (WorkingCopy.Lease lease = files.lease(run)) {
                files.pull(run, "model/");
                if (!Files.isDirectory(files.runDir(run))) {
                    throw new RunErrors.NotFound("no run " + run);
                }
                dir = files.runDir(run).resolve("model");
                requireManifest(dir);
            }
            return dir.toAbsolutePath().toString();
        } else {
            problems.add("model: an inference batch names a model directory or a run id");
            return null;
        }
        requireManifest(dir);
        return dir.toAbsolutePath().toString();
    }

    private static void requireManifest(Path dir) {
        if (!Files.isRegularFile(dir.resolve("manifest.json"))) {
            throw new RunErrors.Conflict("no saved model in " + dir + " (manifest.json is missing)");
        }
    }

    /** Lines of the input (a last line without a newline counts), read as a stream. */
    private long countLines(Path input) throws IOException {
        long n = 0;
        try (BufferedReader in = files.reader(input)) {
            while (in.readLine() != null) {
                n++;
            }
        }
        return n;
    }

    public CompletionStage<BatchView> get(String batchId) {
        return ask(batchId, BatchEntity.Get::new);
    }

    public CompletionStage<BatchView> resume(String batchId) {
        return ask(batchId, BatchEntity.Resume::new);
    }

    public CompletionStage<BatchView> cancel(String batchId) {
        return ask(batchId, BatchEntity.Cancel::new);
    }

    /**
     * The results of an existing batch as they are now (it may still be growing), one line per
     * processed record, in clear: sealed parts are opened here. Empty before the worker's first line.
     */
    public CompletionStage<InputStream> results(String batchId) {
        return get(batchId)
                .thenApplyAsync(
                        b -> {
                            try {
                                return files.readResults(dir(b.batchId()));
                            } catch (IOException e) {
                                throw new UncheckedIOException(e);
                            }
                        },
                        blocking);
    }

    /** Batches newest first, from the read side (a fraction of a second behind the journal). */
    public CompletionStage<Page<BatchView>> list(int limit, int offset) {
        return CompletableFuture.supplyAsync(
                () -> {
                    try (Connection c = database.connection()) {
                        int total;
                        try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM batches");
                                ResultSet rs = ps.executeQuery()) {
                            rs.next();
                            total = rs.getInt(1);
                        }
                        List<BatchView> items = new ArrayList<>();
                        try (PreparedStatement ps = c.prepareStatement("SELECT batch_id, kind, run_id, state, total,"
                                + " processed, errors, created_at, updated_at, failure FROM batches"
                                + " ORDER BY created_at DESC, batch_id LIMIT ? OFFSET ?")) {
                            ps.setInt(1, limit);
                            ps.setInt(2, offset);
                            try (ResultSet rs = ps.executeQuery()) {
                                while (rs.next()) {
                                    items.add(new BatchView(
                                            rs.getString(1),
                                            rs.getString(2),
                                            rs.getString(3),
                                            null,
                                            rs.getString(4),
                                            rs.getLong(5),
                                            rs.getLong(6),
                                            rs.getLong(7),
                                            rs.getTimestamp(8).toInstant(),
                                            rs.getTimestamp(9).toInstant(),
                                            database.columns().open(BatchProjectionHandler.FAILURE, rs.getString(10))));
                                }
                            }
                        }
                        return new Page<>(items, total, limit, offset);
                    } catch (SQLException e) {
                        throw new IllegalStateException(e);
                    }
                },
                blocking);
    }

    /** Wakes every batch that was running when the platform stopped (they resume by themselves). */
    void wakeRunning() {
        List<String> running = new ArrayList<>();
        String prefix = BatchEntity.ENTITY_TYPE_KEY.name() + "|";
        try (Connection c = database.connection();
                PreparedStatement ps = c.prepareStatement("SELECT batch_id FROM batches WHERE state = ? UNION"
                        + " SELECT SUBSTRING(persistence_id, ?) FROM event_journal WHERE persistence_id LIKE ?"
                        + " AND NOT EXISTS (SELECT 1 FROM batches WHERE batches.batch_id ="
                        + " SUBSTRING(event_journal.persistence_id, ?))")) {
            ps.setString(1, BatchView.RUNNING);
            ps.setInt(2, prefix.length() + 1);
            ps.setString(3, prefix + "%");
            ps.setInt(4, prefix.length() + 1);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    running.add(rs.getString(1));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        running.forEach(id -> entity(id).tell(BatchEntity.Wake.INSTANCE));
    }

    private EntityRef<BatchEntity.Command> entity(String batchId) {
        return ClusterSharding.get(system).entityRefFor(BatchEntity.ENTITY_TYPE_KEY, batchId);
    }

    private CompletionStage<BatchView> ask(
            String batchId, Function<ActorRef<BatchEntity.Reply>, BatchEntity.Command> command) {
        return entity(batchId)
                .ask(command::apply, askTimeout)
                .thenApplyAsync(
                        reply -> {
                            if (reply instanceof BatchEntity.Found f) {
                                return f.batch();
                            }
                            BatchEntity.Refused refused = (BatchEntity.Refused) reply;
                            if (refused.missing()) {
                                throw new RunErrors.NotFound(refused.reason());
                            }
                            throw new RunErrors.Conflict(refused.reason());
                        },
                        blocking);
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
