package svc.core.tools.ml;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.StreamSupport;
import svc.config.Json;
import svc.config.io.AtomicFiles;
import svc.core.datasets.DataRoots;
import svc.core.datasets.DatasetStore;
import svc.ml.data.Dataset;
import svc.ml.data.DatasetReader;
import svc.ml.data.DroppedColumn;
import svc.ml.train.TrainedModel;

/**
 * A run's directory as the ML tools use it: the brief ({@code run.json}), the dataset, the
 * prepared split ({@code work/prepared.json}), candidate models ({@code candidates/<name>/}),
 * the chosen model ({@code model/}) and the artefacts. Tools keep their state in files here, so a
 * tool that runs again after a crash finds what earlier steps produced.
 */
final class RunWorkspace {

    /**
     * The prepared split: which rows train, validate and test, which columns are features, and which
     * were dropped and why.
     */
    record Prepared(
            String target,
            String task,
            List<String> labels,
            List<String> features,
            List<String> dropped,
            Map<String, String> dropReasons,
            List<String> sensitive,
            long seed,
            int[] train,
            int[] validation,
            int[] test) {

        /** The dropped columns with their reasons, in the order they were dropped. */
        List<DroppedColumn> droppedColumns() {
            return dropped.stream()
                    .map(c -> new DroppedColumn(c, dropReasons.getOrDefault(c, "dropped by the data team")))
                    .toList();
        }
    }

    /** Datasets parsed recently, by path, size and modification time: tools of one run share them. */
    private static final Map<String, Dataset> CACHE = new ConcurrentHashMap<>();

    private final Path dir;

    RunWorkspace(Path dir) {
        this.dir = dir;
    }

    Path dir() {
        return dir;
    }

    Path file(String name) {
        return dir.resolve(name);
    }

    JsonNode brief() {
        return readJson("run.json");
    }

    Path datasetPath() {
        return Path.of(brief().path("datasetPath").asText());
    }

    Dataset dataset() {
        Path path = datasetPath();
        if (!DataRoots.unchanged(path)) {
            // Accepted by its real path at the start (DataRoots); a link put in its way since is not followed.
            throw new IllegalStateException(
                    "the run's dataset " + path + " now leads elsewhere through a symbolic link; it is not read");
        }
        try {
            String key = path + "|" + Files.size(path) + "|"
                    + Files.getLastModifiedTime(path).toMillis();
            Dataset cached = CACHE.get(key);
            if (cached != null) {
                return cached;
            }
            Dataset loaded = DatasetReader.read(path);
            if (CACHE.size() > 8) {
                CACHE.clear();
            }
            CACHE.put(key, loaded);
            return loaded;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the dataset " + path, e);
        }
    }

    String datasetSha256() {
        return sha256(datasetPath());
    }

    /**
     * Deterministic from the dataset's location and content, as lineage requires; a run started
     * from an uploaded dataset has its id in the brief (the same value, computed at upload).
     */
    String datasetId() {
        String uploaded = brief().path("datasetId").asText("");
        return uploaded.isEmpty()
                ? DatasetStore.datasetId(datasetPath().toUri().toString(), datasetSha256())
                : uploaded;
    }

    boolean has(String name) {
        return Files.exists(dir.resolve(name));
    }

    JsonNode readJson(String name) {
        Path p = dir.resolve(name);
        try {
            return Json.parse(Files.readString(p));
        } catch (IOException e) {
            throw new IllegalStateException(name + " is missing: " + hintFor(name), e);
        }
    }

    void writeJson(String name, Object value) {
        writeString(name, value instanceof String s ? s : Json.writePretty(value));
    }

    /** Writes atomically, so a crash never leaves half an artefact. */
    void writeString(String name, String content) {
        writeBytes(name, content.getBytes(StandardCharsets.UTF_8));
    }

    void writeBytes(String name, byte[] content) {
        Path target = dir.resolve(name);
        try {
            AtomicFiles.write(target, content);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target + ": " + e.getMessage(), e);
        }
    }

    Prepared prepared() {
        JsonNode p = readJson("work/prepared.json");
        return new Prepared(
                p.path("target").asText(),
                p.path("task").asText(),
                strings(p.path("labels")),
                strings(p.path("features")),
                strings(p.path("dropped")),
                textMap(p.path("drop_reasons")),
                strings(p.path("sensitive")),
                p.path("seed").asLong(42),
                ints(p.path("train")),
                ints(p.path("validation")),
                ints(p.path("test")));
    }

    void savePrepared(Prepared p) {
        var o = Json.object().put("target", p.target()).put("task", p.task()).put("seed", p.seed());
        o.set("labels", Json.MAPPER.valueToTree(p.labels()));
        o.set("features", Json.MAPPER.valueToTree(p.features()));
        o.set("dropped", Json.MAPPER.valueToTree(p.dropped()));
        o.set("drop_reasons", Json.MAPPER.valueToTree(p.dropReasons()));
        o.set("sensitive", Json.MAPPER.valueToTree(p.sensitive()));
        o.set("train", Json.MAPPER.valueToTree(p.train()));
        o.set("validation", Json.MAPPER.valueToTree(p.validation()));
        o.set("test", Json.MAPPER.valueToTree(p.test()));
        writeString("work/prepared.json", Json.write(o));
    }

    Path candidateDir(String name) {
        if (!name.matches("[a-z_]+(\\+[a-z_]+)*")) {
            throw new IllegalArgumentException(
                    "'" + name + "' is not a candidate name (learner, optionally +mitigation)");
        }
        return dir.resolve("candidates").resolve(name);
    }

    TrainedModel loadCandidate(String name) {
        try {
            return TrainedModel.load(candidateDir(name));
        } catch (IOException e) {
            throw new IllegalStateException("no trained candidate '" + name + "'; trained: " + candidates(), e);
        }
    }

    List<String> candidates() {
        Path c = dir.resolve("candidates");
        if (!Files.isDirectory(c)) {
            return List.of();
        }
        try (var s = Files.list(c)) {
            return s.filter(Files::isDirectory)
                    .map(p -> p.getFileName().toString())
                    .filter(n -> !n.endsWith(".tmp"))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    TrainedModel selectedModel() {
        try {
            return TrainedModel.load(dir.resolve("model"));
        } catch (IOException e) {
            throw new IllegalStateException("no model selected yet: run select_model first", e);
        }
    }

    /** The name of the selected candidate, from model/selection.json. */
    String selectedName() {
        return readJson("model/selection.json").path("candidate").asText();
    }

    /** Copies the directory {@code from} in place of {@code to}, whole or not at all (see {@link #replaceDir}). */
    static void copyTree(Path from, Path to) throws IOException {
        replaceDir(to, staged -> {
            try (var walk = Files.walk(from)) {
                for (Path p : walk.toList()) {
                    Path target = staged.resolve(from.relativize(p).toString());
                    if (Files.isDirectory(p)) {
                        Files.createDirectories(target);
                    } else {
                        Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
                    }
                }
            }
        });
    }

    /** What fills a new directory. */
    @FunctionalInterface
    interface DirWriter {
        void fill(Path dir) throws IOException;
    }

    /**
     * Fills a new sibling directory, then renames it in place of {@code target}: a failure while
     * filling (a full disk) leaves the directory that was there as it was, where deleting it first
     * and copying into it left a model with half its files. Renames need no data blocks.
     */
    static void replaceDir(Path target, DirWriter writer) throws IOException {
        Files.createDirectories(target.getParent());
        Path staged = AtomicFiles.temporarySibling(target);
        Path old = AtomicFiles.temporarySibling(target);
        try {
            Files.createDirectories(staged);
            writer.fill(staged);
            if (Files.exists(target)) {
                Files.move(target, old, StandardCopyOption.ATOMIC_MOVE);
                try {
                    Files.move(staged, target, StandardCopyOption.ATOMIC_MOVE);
                } catch (IOException e) {
                    Files.move(old, target, StandardCopyOption.ATOMIC_MOVE);
                    throw e;
                }
            } else {
                Files.move(staged, target, StandardCopyOption.ATOMIC_MOVE);
            }
        } finally {
            deleteTree(staged);
            deleteTree(old);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    static List<String> strings(JsonNode array) {
        return array.isArray()
                ? StreamSupport.stream(array.spliterator(), false)
                        .map(JsonNode::asText)
                        .toList()
                : List.of();
    }

    static Map<String, String> textMap(JsonNode object) {
        Map<String, String> out = new LinkedHashMap<>();
        object.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
        return out;
    }

    static int[] ints(JsonNode array) {
        int[] out = new int[array.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = array.get(i).asInt();
        }
        return out;
    }

    static String sha256(Path p) {
        try (InputStream in = Files.newInputStream(p)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[64 * 1024];
            int n;
            while ((n = in.read(buffer)) > 0) {
                digest.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static Map<String, Object> mapOf(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    static int[] concat(int[] a, int[] b) {
        int[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private static String hintFor(String name) {
        return switch (name) {
            case "run.json" -> "the run's brief was not written";
            case "work/prepared.json" -> "run prepare_dataset first";
            case "work/inspection.json" -> "run inspect_dataset first";
            case "metrics.json" -> "run evaluate_model first";
            case "fairness.json" -> "run audit_fairness first";
            case "drift.json" -> "run compute_drift first";
            case "shap.json" -> "run explain_model first";
            default -> "an earlier step did not write it";
        };
    }
}
