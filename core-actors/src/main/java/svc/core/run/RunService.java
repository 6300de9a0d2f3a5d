package svc.core.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityRef;
import svc.config.Json;
import svc.config.io.AtomicFiles;
import svc.core.datasets.DataRoots;
import svc.library.LibraryException;
import svc.library.asset.Library;
import svc.library.roster.Team;
import svc.library.workflow.Node;
import svc.library.workflow.PipelineConfigResolver;
import svc.library.workflow.Workflow;
import svc.persistence.Database;
import svc.persistence.approvals.ApprovalRepository;
import svc.persistence.approvals.ApprovalRow;
import svc.persistence.runs.RunRepository;
import svc.persistence.runs.RunRow;
import svc.persistence.store.ArtifactStore;
import svc.persistence.store.WorkingCopy;

/**
 * What callers (the API, the demo, tests) do with runs: start, look up, list, cancel, resume,
 * decide gates, and find artefacts. Single runs are asked of their entity (always current);
 * lists come from the read side (never replaying journals). Blocking work (files, JDBC) runs on
 * the JDBC executor; every callback has an explicit executor.
 */
public final class RunService {

    /**
     * A request to start a run, as the API receives it. It names its data by exactly one of
     * {@code datasetPath} (a file the server can read) and {@code datasetId} (an uploaded dataset).
     */
    public record StartRequest(
            String problem,
            String datasetPath,
            String target,
            List<String> sensitiveAttributes,
            String template,
            String profile,
            String workflowPath,
            String createdBy,
            String consentDocRef,
            String datasetId) {

        public StartRequest(
                String problem,
                String datasetPath,
                String target,
                List<String> sensitiveAttributes,
                String template,
                String profile,
                String workflowPath,
                String createdBy,
                String consentDocRef) {
            this(
                    problem,
                    datasetPath,
                    target,
                    sensitiveAttributes,
                    template,
                    profile,
                    workflowPath,
                    createdBy,
                    consentDocRef,
                    null);
        }

        public StartRequest(
                String problem,
                String datasetPath,
                String target,
                List<String> sensitiveAttributes,
                String template,
                String profile,
                String workflowPath,
                String createdBy) {
            this(
                    problem,
                    datasetPath,
                    target,
                    sensitiveAttributes,
                    template,
                    profile,
                    workflowPath,
                    createdBy,
                    null,
                    null);
        }
    }

    /** A page of a list with the total that matched. */
    public record Page<T>(List<T> items, int total, int limit, int offset) {}

    /** One artefact file of a run. */
    public record Artifact(String name, long size, String sha256) {}

    private static final Pattern RUN_ID_PREFIX = Pattern.compile("run-[0-9a-f]{16}");

    public static final String DEFAULT_TEMPLATE = PipelineConfigResolver.DEFAULT_WORKFLOW;

    private final ClusterSharding sharding;
    private final Database database;
    private final Library library;
    private final Function<String, Optional<Path>> uploadedFiles;
    private final DataRoots dataRoots;
    private final WorkingCopy files;
    private final Path home;
    private final Executor blocking;
    private final Duration askTimeout;
    private final Executor callbacks;
    private final Function<String, Optional<String>> defaultWorkflow;
    private final RunRepository runs;
    private final ApprovalRepository approvals;

    /**
     * @param uploadedFiles   the file of an uploaded dataset by its id (blocking; empty when unknown)
     * @param dataRoots       the files a request may name as its dataset or workflow
     * @param defaultWorkflow the workflow ({@code workflow/<name>@vX.Y.Z}) a run under a profile walks
     *                        when its request names neither {@code workflow} nor {@code template}
     *                        (the deployment in force's {@code default_workflow}); empty:
     *                        {@value #DEFAULT_TEMPLATE}
     */
    public RunService(
            ActorSystem<?> system,
            Database database,
            Library library,
            Function<String, Optional<Path>> uploadedFiles,
            DataRoots dataRoots,
            Path home,
            WorkingCopy files,
            Executor blocking,
            Duration askTimeout,
            Function<String, Optional<String>> defaultWorkflow) {
        this.sharding = ClusterSharding.get(system);
        this.defaultWorkflow = defaultWorkflow;
        this.database = database;
        this.runs = new RunRepository(database.columns());
        this.approvals = new ApprovalRepository(database.columns());
        this.library = library;
        this.uploadedFiles = uploadedFiles;
        this.dataRoots = dataRoots;
        this.home = home;
        this.files = files;
        this.blocking = blocking;
        this.askTimeout = askTimeout;
        this.callbacks = system.executionContext();
    }

    // ---- commands -------------------------------------------------------------------------

    public CompletionStage<RunView> start(StartRequest request) {
        List<String> problems = new ArrayList<>();
        if (request.problem() == null || request.problem().isBlank()) {
            problems.add("problem: must be a non-empty problem statement");
        }
        boolean byPath = request.datasetPath() != null && !request.datasetPath().isBlank();
        boolean byId = request.datasetId() != null && !request.datasetId().isBlank();
        if (byPath == byId) {
            problems.add(
                    byPath
                            ? "dataset_path, dataset_id: give one of them, not both"
                            : "dataset_path: must name a file the server can read (or give dataset_id, an uploaded"
                                    + " dataset)");
        }
        if (!problems.isEmpty()) {
            return CompletableFuture.failedFuture(new RunErrors.Invalid(problems));
        }
        String runId = "run-" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        // Gate ids start with the run id (see RunEntity), which RUN_ID_PREFIX relies on.
        return mapped(
                CompletableFuture.supplyAsync(() -> prepare(runId, request), blocking)
                        .thenComposeAsync(
                                prepared -> entity(runId)
                                        .ask(
                                                replyTo -> new RunEntity.Create(
                                                        prepared.spec(), prepared.workflowJson(), replyTo),
                                                askTimeout),
                                callbacks),
                runId);
    }

    /**
     * Starts a task run: one task, {@code text}, for {@code agent}, under the same admission,
     * governance, journal and live stream as a pipeline run, with no dataset. {@code template}
     * labels the run (a plugin command's {@code plugin_command}); the agent's answer is the run's
     * fact {@value RunSpec#ANSWER_FACT} once it has succeeded.
     */
    public CompletionStage<RunView> startTask(String agent, String text, String template, String createdBy) {
        String runId = "run-" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        RunSpec spec =
                new RunSpec(runId, text, "", null, List.of(), template, "default", null, createdBy, null, null, agent);
        Workflow workflow = new Workflow(
                template,
                "one task for " + agent,
                "task",
                List.of(new Node.Stage("task", Team.MANAGEMENT, "the task as given to " + agent, List.of())),
                List.of());
        return mapped(
                CompletableFuture.supplyAsync(
                                () -> {
                                    writeTaskBrief(spec);
                                    return WorkflowCodec.toJson(workflow);
                                },
                                blocking)
                        .thenComposeAsync(
                                json -> entity(runId)
                                        .ask(replyTo -> new RunEntity.Create(spec, json, replyTo), askTimeout),
                                callbacks),
                runId);
    }

    private void writeTaskBrief(RunSpec spec) {
        try {
            Path dir = files.runDir(spec.runId());
            Files.createDirectories(dir);
            AtomicFiles.writeString(dir.resolve("run.json"), Json.writePretty(Json.MAPPER.valueToTree(spec)));
            files.push(spec.runId(), "run.json");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the run directory under " + files.root(), e);
        }
    }

    private record Prepared(RunSpec spec, String workflowJson) {}

    /** Checks what needs the disk (the dataset, the workflow) and writes the run's brief. */
    private Prepared prepare(String runId, StartRequest r) {
        List<String> problems = new ArrayList<>();
        String datasetId = blankToNull(r.datasetId());
        Path dataset = null;
        if (datasetId != null) {
            dataset = uploadedFiles.apply(datasetId).orElse(null);
            if (dataset == null) {
                problems.add("dataset_id: no uploaded dataset " + datasetId);
            }
        } else {
            try {
                dataset = dataRoots.permitted("dataset_path", r.datasetPath());
            } catch (DataRoots.Refused e) {
                problems.add(e.getMessage());
            }
        }
        Optional<Path> explicit = Optional.empty();
        if (r.workflowPath() != null && !r.workflowPath().isBlank()) {
            // A customer workflow is read and its errors quoted back: it must be a file the caller may name.
            try {
                explicit = Optional.of(dataRoots.permitted("workflow", r.workflowPath()));
            } catch (DataRoots.Refused e) {
                problems.add(e.getMessage());
                return failWith(problems);
            }
        }
        boolean named = (r.template() != null && !r.template().isBlank())
                || (r.workflowPath() != null && !r.workflowPath().isBlank());
        Optional<String> deployments = named ? Optional.empty() : defaultWorkflow.apply(blankToNull(r.profile()));
        String template =
                deployments.orElse(r.template() == null || r.template().isBlank() ? DEFAULT_TEMPLATE : r.template());
        PipelineConfigResolver.Resolved resolved = null;
        try {
            PipelineConfigResolver resolver = PipelineConfigResolver.forSvcHome(library, home);
            resolved = resolver.resolve(explicit, Optional.of(template));
        } catch (LibraryException e) {
            problems.add((r.workflowPath() != null && !r.workflowPath().isBlank() ? "workflow: " : "template: ")
                    + e.getMessage());
        }
        if (!problems.isEmpty()) {
            throw new RunErrors.Invalid(problems);
        }
        // A workflow by path, or the deployment's by reference, is recorded by its name (as tools read it).
        String templateName =
                resolved.source() == PipelineConfigResolver.Source.EXPLICIT_PATH || deployments.isPresent()
                        ? resolved.workflow().name()
                        : template;
        RunSpec spec = new RunSpec(
                runId,
                r.problem().strip(),
                dataset.toString(),
                blankToNull(r.target()),
                r.sensitiveAttributes(),
                templateName,
                r.profile() == null || r.profile().isBlank() ? "default" : r.profile(),
                r.workflowPath(),
                r.createdBy(),
                blankToNull(r.consentDocRef()),
                datasetId);
        writeBrief(spec, resolved);
        return new Prepared(spec, WorkflowCodec.toJson(resolved.workflow()));
    }

    private static Prepared failWith(List<String> problems) {
        throw new RunErrors.Invalid(problems);
    }

    /** The files a request may name (for the batch and cron services, which read files too). */
    public DataRoots dataRoots() {
        return dataRoots;
    }

    private void writeBrief(RunSpec spec, PipelineConfigResolver.Resolved resolved) {
        try {
            Path dir = files.runDir(spec.runId());
            Files.createDirectories(dir);
            var brief = Json.MAPPER.valueToTree(spec);
            ((ObjectNode) brief)
                    .put("workflow_source", resolved.source().name().toLowerCase())
                    .put("workflow_origin", resolved.origin());
            AtomicFiles.writeString(dir.resolve("run.json"), Json.writePretty(brief));
            // Every node's tools and permission checks read the brief: it is in the store before the run starts.
            files.push(spec.runId(), "run.json");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the run directory under " + files.root(), e);
        }
    }

    public CompletionStage<RunView> get(String runId) {
        return mapped(entity(runId).ask(RunEntity.Get::new, askTimeout), runId);
    }

    public CompletionStage<RunView> cancel(String runId, String by) {
        return mapped(entity(runId).ask(r -> new RunEntity.Cancel(by, r), askTimeout), runId);
    }

    public CompletionStage<RunView> resume(String runId, String by) {
        return mapped(entity(runId).ask(r -> new RunEntity.Resume(by, r), askTimeout), runId);
    }

    /**
     * Notes on a finished run what retention deleted; with {@code snapshot} the answer comes once
     * the run's snapshot is stored (see {@link RunEntity.NotePruned}). A live run refuses (409).
     */
    public CompletionStage<RunView> notePruned(String runId, List<PruneNote> notes, boolean snapshot, Instant at) {
        return mapped(entity(runId).ask(r -> new RunEntity.NotePruned(notes, snapshot, at, r), askTimeout), runId);
    }

    /**
     * Approves or rejects a gate. The gate's run is found on the read side, or, for a gate opened
     * a moment ago that the read side has not seen yet, from the gate id, which starts with it.
     */
    public CompletionStage<RunView> decide(String gateId, boolean approve, String by, String rationale) {
        return CompletableFuture.supplyAsync(() -> jdbc(c -> approvals.find(c, gateId)), blocking)
                .thenComposeAsync(
                        gate -> {
                            Matcher prefix = RUN_ID_PREFIX.matcher(gateId);
                            if (gate.isEmpty() && !prefix.lookingAt()) {
                                throw new RunErrors.NotFound("no approval gate " + gateId);
                            }
                            String runId = gate.map(ApprovalRow::runId).orElseGet(prefix::group);
                            return mapped(
                                    entity(runId)
                                            .ask(
                                                    r -> new RunEntity.Decide(gateId, approve, by, rationale, r),
                                                    askTimeout),
                                    runId);
                        },
                        callbacks);
    }

    // ---- queries --------------------------------------------------------------------------

    public CompletionStage<Page<RunRow>> list(String state, int limit, int offset) {
        return CompletableFuture.supplyAsync(
                () -> jdbc(c -> new Page<>(runs.list(c, state, limit, offset), runs.count(c, state), limit, offset)),
                blocking);
    }

    /**
     * The run as the read side has it (the {@code runs} table), which trails the entity: its state
     * is {@code succeeded} once the run projection has handled the run's end, including the audit
     * PDF signed after it.
     */
    public CompletionStage<Optional<RunRow>> recorded(String runId) {
        return CompletableFuture.supplyAsync(() -> jdbc(c -> runs.find(c, runId)), blocking);
    }

    public CompletionStage<Page<ApprovalRow>> approvals(String state, String runId, int limit, int offset) {
        return CompletableFuture.supplyAsync(
                () -> jdbc(c -> new Page<>(
                        approvals.list(c, state, runId, limit, offset),
                        approvals.count(c, state, runId),
                        limit,
                        offset)),
                blocking);
    }

    /** Every file the store holds for the run, with size and SHA-256, by relative name. */
    public CompletionStage<List<Artifact>> artifacts(String runId) {
        return CompletableFuture.supplyAsync(
                () -> {
                    String prefix = checkedRunId(runId) + "/";
                    List<ArtifactStore.Entry> entries;
                    try {
                        entries = files.store().list(prefix);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                    if (entries.isEmpty()) {
                        throw new RunErrors.NotFound("no run " + runId);
                    }
                    return entries.stream()
                            .map(e -> new Artifact(e.key().substring(prefix.length()), e.size(), e.sha256()))
                            .toList();
                },
                blocking);
    }

    /** One artefact's size and SHA-256 from the store; names that leave the run are not found. */
    public CompletionStage<Optional<Artifact>> artifact(String runId, String name) {
        return CompletableFuture.supplyAsync(
                () -> {
                    Optional<String> key = artifactKey(runId, name);
                    if (key.isEmpty()) {
                        return Optional.empty();
                    }
                    try {
                        return files.store().stat(key.get()).map(e -> new Artifact(name, e.size(), e.sha256()));
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                },
                blocking);
    }

    /**
     * The artefact's bytes as a stream from the store (the caller closes it); blocking, for a
     * stream source that runs on its own dispatcher. Absent: a {@link RunErrors.NotFound}.
     */
    public InputStream openArtifact(String runId, String name) throws IOException {
        String key = artifactKey(runId, name).orElseThrow(() -> new RunErrors.NotFound("no artefact " + name));
        return files.store().get(key).orElseThrow(() -> new RunErrors.NotFound("no artefact " + name));
    }

    private static Optional<String> artifactKey(String runId, String name) {
        // A NUL or other control character names no file (and Path.of throws on NUL): not found, not a 500.
        if (name.chars().anyMatch(c -> c < 0x20)) {
            return Optional.empty();
        }
        String normalized = Path.of(name).normalize().toString().replace('\\', '/');
        if (name.isBlank()
                || normalized.startsWith("..")
                || normalized.startsWith("/")
                || normalized.endsWith(".tmp")) {
            return Optional.empty();
        }
        return Optional.of(checkedRunId(runId) + "/" + normalized);
    }

    /** This node's working copy of the run's directory (the store itself for the directory backend). */
    public Path runDir(String runId) {
        return files.runDir(checkedRunId(runId));
    }

    private static String checkedRunId(String runId) {
        if (!runId.matches("[A-Za-z0-9_-]{1,64}")) {
            throw new RunErrors.NotFound("no run " + runId);
        }
        return runId;
    }

    // ---- helpers --------------------------------------------------------------------------

    /** The run the entity answered, or its refusal and the ask's failures as {@link RunErrors}. */
    private CompletionStage<RunView> mapped(CompletionStage<RunEntity.Reply> stage, String runId) {
        return stage.handleAsync(
                (reply, failure) -> {
                    if (failure != null) {
                        throw mapFailure(failure, runId);
                    }
                    if (reply instanceof RunEntity.Refused refused) {
                        throw refusal(refused);
                    }
                    return ((RunEntity.Accepted) reply).view();
                },
                callbacks);
    }

    private static RuntimeException refusal(RunEntity.Refused refused) {
        return switch (refused.refusal()) {
            case NO_SUCH_RUN -> new RunErrors.NotFound(refused.message());
            case RUN_EXISTS, NOT_NOW, NOT_THE_OPEN_GATE -> new RunErrors.Conflict(refused.message());
        };
    }

    private EntityRef<RunEntity.Command> entity(String runId) {
        return sharding.entityRefFor(RunEntity.ENTITY_TYPE_KEY, runId);
    }

    private static RuntimeException mapFailure(Throwable e, String runId) {
        Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
        if (cause instanceof RunErrors.NotFound
                || cause instanceof RunErrors.Invalid
                || cause instanceof RunErrors.Conflict) {
            return (RuntimeException) cause;
        }
        if (cause instanceof TimeoutException) {
            return new IllegalStateException("run " + runId + " did not answer in time", cause);
        }
        return cause instanceof RuntimeException re ? re : new CompletionException(cause);
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

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }
}
