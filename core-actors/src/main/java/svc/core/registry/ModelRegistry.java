package svc.core.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import svc.config.Json;
import svc.core.run.RunErrors;
import svc.core.run.RunService;
import svc.core.tools.ml.ModelIds;
import svc.persistence.Database;
import svc.persistence.lineage.DatasetRow;
import svc.persistence.lineage.LineageRepository;
import svc.persistence.lineage.ModelChain;
import svc.persistence.lineage.ModelRow;
import svc.persistence.runs.RunRepository;
import svc.persistence.runs.RunRow;
import svc.persistence.store.WorkingCopy;

/**
 * Every model a run registered ({@code lineage_models}, fed by the run projection when a run
 * selects its model), with what its run wrote about it: {@code metrics.json} (test and validation
 * figures and the split they are on), {@code fairness.json}, {@code drift.json} and
 * {@code model_card.md}. A run's files describe its current model; a model the run selected and
 * later replaced keeps its lineage but has no figures of its own, and says so.
 *
 * <p>All work is blocking (JDBC, small files) and runs on the executor given.
 */
public final class ModelRegistry {

    /** A model as lists show it: its row, its run, and its headline test figures when its run has them. */
    public record ModelSummary(
            ModelRow model, RunRow run, String task, String target, JsonNode test, Boolean fairnessPassed) {

        /** Whether this is the run's model now (a run may have replaced an earlier selection). */
        public boolean current() {
            return run != null && Objects.equals(run.modelId(), model.modelId());
        }
    }

    /**
     * One model in full: {@code metrics} is its run's {@code metrics.json} (null when the run has
     * none for it, {@code note} says why), {@code modelCard} the card's Markdown.
     */
    public record ModelDetail(
            ModelSummary summary,
            JsonNode metrics,
            JsonNode fairness,
            String modelCard,
            ModelChain lineage,
            JsonNode partition,
            String note) {}

    /** A model's figures on one split: metrics, and on the test split the fairness audit and drift. */
    public record Evaluation(
            String modelId,
            String runId,
            String split,
            Integer rows,
            JsonNode metrics,
            JsonNode fairness,
            JsonNode drift,
            JsonNode partition) {}

    /** One test metric of two models; {@code better} is a, b or equal. */
    public record Difference(String metric, double a, double b, double difference, String better) {}

    /** One side of a comparison: the model, the split its figures are on, and why it has none. */
    public record Side(ModelSummary summary, JsonNode partition, String note) {}

    /**
     * Two models side by side. {@code comparable} only when both have test figures for the same
     * target on the same test split; {@code reason} says which, or why not, and
     * {@code differences} (b minus a) are given only then.
     */
    public record Comparison(
            Side a, Side b, boolean sameTestSplit, boolean comparable, String reason, List<Difference> differences) {}

    /** Metrics where a smaller figure is the better one. */
    private static final Set<String> LOWER_IS_BETTER = Set.of("log_loss", "rmse", "mae");

    private final Database database;
    private final WorkingCopy files;
    private final Executor blocking;
    /** What a model's record is read from, in its run's files. */
    private static final List<String> REGISTRY_FILES =
            List.of("metrics.json", "fairness.json", "drift.json", "model_card.md", "work/prepared.json");

    private final LineageRepository lineage = new LineageRepository();
    private final RunRepository runs;

    /** @param files the run files; on several nodes this node's copy is brought up to date before a read */
    public ModelRegistry(Database database, WorkingCopy files, Executor blocking) {
        this.database = database;
        this.runs = new RunRepository(database.columns());
        this.files = files;
        this.blocking = blocking;
    }

    /** Newest first; {@code runId} and {@code datasetId} filter when not null. */
    public CompletionStage<RunService.Page<ModelSummary>> list(String runId, String datasetId, int limit, int offset) {
        return CompletableFuture.supplyAsync(
                () -> {
                    List<ModelRow> rows = new ArrayList<>();
                    List<RunRow> ofRows = new ArrayList<>();
                    int total = jdbc(c -> {
                        for (ModelRow m : lineage.listModels(c, runId, datasetId, limit, offset)) {
                            rows.add(m);
                            ofRows.add(runs.find(c, m.runId()).orElse(null));
                        }
                        return lineage.countModels(c, runId, datasetId);
                    });
                    List<ModelSummary> items = new ArrayList<>(rows.size());
                    for (int i = 0; i < rows.size(); i++) {
                        items.add(summary(rows.get(i), ofRows.get(i), artefacts(rows.get(i))));
                    }
                    return new RunService.Page<>(items, total, limit, offset);
                },
                blocking);
    }

    public CompletionStage<ModelDetail> get(String modelId) {
        return CompletableFuture.supplyAsync(() -> detail(modelId), blocking);
    }

    /** The model's evaluations: the test split (metrics, fairness, drift), then the validation split. */
    public CompletionStage<List<Evaluation>> evaluations(String modelId) {
        return CompletableFuture.supplyAsync(
                () -> {
                    Found found = find(modelId);
                    Artefacts files =
                            artefacts(found.chain().model(), found.chain().dataset());
                    if (files.metrics() == null) {
                        return List.of();
                    }
                    String runId = found.chain().model().runId();
                    return List.of(
                            new Evaluation(
                                    modelId,
                                    runId,
                                    "test",
                                    rows(files.metrics().path("test")),
                                    files.metrics().path("test"),
                                    files.fairness(),
                                    files.drift(),
                                    files.partition()),
                            new Evaluation(
                                    modelId,
                                    runId,
                                    "validation",
                                    rows(files.metrics().path("validation")),
                                    files.metrics().path("validation"),
                                    null,
                                    null,
                                    files.partition()));
                },
                blocking);
    }

    public CompletionStage<Comparison> compare(String a, String b) {
        return CompletableFuture.supplyAsync(() -> comparison(a, b), blocking);
    }

    // ---- the work ---------------------------------------------------------------------------

    /** A model's lineage chain and its run's row. */
    private record Found(ModelChain chain, RunRow run) {}

    /** What a model's run wrote about it; null parts are absent (or describe another model). */
    private record Artefacts(
            JsonNode metrics, JsonNode fairness, JsonNode drift, String modelCard, JsonNode partition, String note) {}

    private Found find(String modelId) {
        return jdbc(c -> {
            ModelChain chain =
                    lineage.chainForModel(c, modelId).orElseThrow(() -> new RunErrors.NotFound("no model " + modelId));
            return new Found(chain, runs.find(c, chain.model().runId()).orElse(null));
        });
    }

    private ModelDetail detail(String modelId) {
        Found found = find(modelId);
        Artefacts files = artefacts(found.chain().model(), found.chain().dataset());
        return new ModelDetail(
                summary(found.chain().model(), found.run(), files),
                files.metrics(),
                files.fairness(),
                files.modelCard(),
                found.chain(),
                files.partition(),
                files.note());
    }

    private static ModelSummary summary(ModelRow model, RunRow run, Artefacts files) {
        JsonNode m = files.metrics();
        return new ModelSummary(
                model,
                run,
                m == null ? null : m.path("task").asText(null),
                m == null ? null : m.path("target").asText(null),
                m == null ? null : scalars(m.path("test")),
                files.fairness() == null || !files.fairness().has("gate_passed")
                        ? null
                        : files.fairness().path("gate_passed").asBoolean());
    }

    private Artefacts artefacts(ModelRow model) {
        DatasetRow dataset = model.datasetId() == null
                ? null
                : jdbc(c -> lineage.findDataset(c, model.datasetId())).orElse(null);
        return artefacts(model, dataset);
    }

    private Artefacts artefacts(ModelRow model, DatasetRow dataset) {
        try (WorkingCopy.Lease lease = files.lease(model.runId())) {
            for (String name : REGISTRY_FILES) {
                files.pull(model.runId(), name);
            }
            return artefacts(model, dataset, files.runDir(model.runId()));
        }
    }

    private Artefacts artefacts(ModelRow model, DatasetRow dataset, Path dir) {
        JsonNode metrics = readJson(dir.resolve("metrics.json"));
        String note = null;
        if (metrics == null) {
            note = "the run has not evaluated a model (no metrics.json)";
        } else {
            String candidate = metrics.path("model").path("candidate").asText("");
            if (!ModelIds.of(model.runId(), candidate).equals(model.modelId())) {
                note = "the run's metrics.json describes its later model " + ModelIds.of(model.runId(), candidate)
                        + ", which replaced this one";
                metrics = null;
            }
        }
        if (metrics == null) {
            return new Artefacts(null, null, null, null, partition(null, dir, dataset), note);
        }
        return new Artefacts(
                metrics,
                readJson(dir.resolve("fairness.json")),
                readJson(dir.resolve("drift.json")),
                readText(dir.resolve("model_card.md")),
                partition(metrics, dir, dataset),
                null);
    }

    /**
     * The split the figures are on: as {@code metrics.json} records it, or, for runs evaluated
     * before it did, from the prepared split and the dataset's hash in the lineage tables.
     */
    private static JsonNode partition(JsonNode metrics, Path dir, DatasetRow dataset) {
        if (metrics != null && metrics.has("split")) {
            return metrics.get("split");
        }
        JsonNode prepared = readJson(dir.resolve("work").resolve("prepared.json"));
        if (prepared == null || dataset == null) {
            return null;
        }
        return Partitions.describe(
                dataset.sha256(),
                prepared.path("seed").asLong(),
                prepared.path("train").size(),
                prepared.path("validation").size(),
                ints(prepared.path("test")));
    }

    private Comparison comparison(String a, String b) {
        Found fa = find(a);
        Found fb = find(b);
        Artefacts xa = artefacts(fa.chain().model(), fa.chain().dataset());
        Artefacts xb = artefacts(fb.chain().model(), fb.chain().dataset());
        Side sa = new Side(summary(fa.chain().model(), fa.run(), xa), xa.partition(), xa.note());
        Side sb = new Side(summary(fb.chain().model(), fb.run(), xb), xb.partition(), xb.note());
        boolean sameSplit = xa.partition() != null
                && xb.partition() != null
                && xa.partition().path("dataset_sha256").equals(xb.partition().path("dataset_sha256"))
                && xa.partition().path("test_rows_sha256").equals(xb.partition().path("test_rows_sha256"));
        String why = whyNot(a, b, xa, xb, sa.summary(), sb.summary(), sameSplit);
        if (why != null) {
            return new Comparison(sa, sb, sameSplit, false, why, List.of());
        }
        JsonNode p = xa.partition();
        String reason = "both evaluated on the same " + p.path("test_rows").asInt() + " test rows (dataset sha256 "
                + p.path("dataset_sha256").asText().substring(0, 12) + "…, split seed "
                + p.path("seed").asLong()
                + ")";
        return new Comparison(
                sa,
                sb,
                true,
                true,
                reason,
                differences(sa.summary().test(), sb.summary().test()));
    }

    /** Why two models' test figures cannot be compared, or null when they can. */
    private static String whyNot(
            String a, String b, Artefacts xa, Artefacts xb, ModelSummary sa, ModelSummary sb, boolean sameSplit) {
        if (xa.metrics() == null) {
            return a + " has no test figures: " + xa.note();
        }
        if (xb.metrics() == null) {
            return b + " has no test figures: " + xb.note();
        }
        if (!Objects.equals(sa.target(), sb.target()) || !Objects.equals(sa.task(), sb.task())) {
            return "they predict different things: " + a + " " + sa.task() + " '" + sa.target() + "', " + b + " "
                    + sb.task() + " '" + sb.target() + "'";
        }
        if (sameSplit) {
            return null;
        }
        if (xa.partition() == null || xb.partition() == null) {
            return (xa.partition() == null ? a : b) + "'s run does not record which rows it was tested on";
        }
        JsonNode pa = xa.partition();
        JsonNode pb = xb.partition();
        if (!pa.path("dataset_sha256").equals(pb.path("dataset_sha256"))) {
            return "they were tested on different datasets (sha256 "
                    + pa.path("dataset_sha256").asText().substring(0, 12) + "… and "
                    + pb.path("dataset_sha256").asText().substring(0, 12) + "…)";
        }
        return "same dataset, different test rows: " + pa.path("test_rows").asInt() + " rows with split seed "
                + pa.path("seed").asLong() + " against " + pb.path("test_rows").asInt() + " rows with seed "
                + pb.path("seed").asLong();
    }

    private static List<Difference> differences(JsonNode a, JsonNode b) {
        List<Difference> out = new ArrayList<>();
        Iterator<Map.Entry<String, JsonNode>> it = a.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode other = b.get(e.getKey());
            if (other == null || !other.isNumber()) {
                continue;
            }
            double va = e.getValue().asDouble();
            double vb = other.asDouble();
            double diff = vb - va;
            String better;
            if (diff == 0) {
                better = "equal";
            } else if (LOWER_IS_BETTER.contains(e.getKey())) {
                better = diff < 0 ? "b" : "a";
            } else {
                better = diff > 0 ? "b" : "a";
            }
            out.add(new Difference(e.getKey(), va, vb, diff, better));
        }
        return out;
    }

    /** The numeric figures of a metrics block: rows, matrices, labels and bins are left out. */
    private static JsonNode scalars(JsonNode block) {
        ObjectNode out = Json.object();
        block.fields().forEachRemaining(e -> {
            if (e.getValue().isNumber() && !e.getKey().equals("rows")) {
                out.set(e.getKey(), e.getValue());
            }
        });
        return out;
    }

    private static Integer rows(JsonNode block) {
        return block.has("rows") ? block.get("rows").asInt() : null;
    }

    private static int[] ints(JsonNode array) {
        int[] out = new int[array.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = array.get(i).asInt();
        }
        return out;
    }

    private static JsonNode readJson(Path file) {
        String text = readText(file);
        return text == null ? null : Json.parse(text);
    }

    private static String readText(Path file) {
        try {
            return Files.readString(file);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
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
