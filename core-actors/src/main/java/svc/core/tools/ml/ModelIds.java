package svc.core.tools.ml;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import svc.config.Json;
import svc.persistence.store.WorkingCopy;

/**
 * Model ids and where their models are. A model id is {@code model-<run hex>-<candidate>}, the
 * candidate's name with {@code +} and {@code _} written as {@code -}: the run's chosen model is in
 * the run's {@code model/}, every candidate it trained in {@code candidates/<name>/}.
 */
public final class ModelIds {

    private ModelIds() {}

    /** The id of a run's candidate (or chosen model, named by its candidate). */
    public static String of(String runId, String candidate) {
        return "model-" + runId.replace("run-", "") + "-"
                + candidate.replace("+", "-").replace("_", "-");
    }

    /** The run a model id names ({@code run-<hex>}), if it has the shape of one. */
    public static Optional<String> runOf(String modelId) {
        if (modelId == null || !modelId.matches("model-[0-9a-f]{8,64}-[a-z0-9-]+")) {
            return Optional.empty();
        }
        String rest = modelId.substring("model-".length());
        return Optional.of("run-" + rest.substring(0, rest.indexOf('-')));
    }

    /**
     * The directory of a model under a runs directory: the run's {@code model/} when it is the
     * chosen one, else the candidate's; empty when no saved model has that id.
     */
    public static Optional<Path> directory(Path runsDir, String modelId) {
        Optional<String> run = runOf(modelId);
        if (run.isEmpty()) {
            return Optional.empty();
        }
        Path runDir = runsDir.resolve(run.get());
        Path chosen = runDir.resolve("model");
        if (Files.isRegularFile(chosen.resolve("manifest.json"))
                && selected(runDir).map(c -> of(run.get(), c).equals(modelId)).orElse(false)) {
            return Optional.of(chosen);
        }
        Path candidates = runDir.resolve("candidates");
        if (!Files.isDirectory(candidates)) {
            return Optional.empty();
        }
        try (Stream<Path> dirs = Files.list(candidates)) {
            return dirs.filter(d -> of(run.get(), d.getFileName().toString()).equals(modelId))
                    .filter(d -> Files.isRegularFile(d.resolve("manifest.json")))
                    .findFirst();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * The same through a node's working copy: the files that say where the model is, and the
     * model's files, are brought up to date from the artefact store first. Blocks.
     */
    public static Optional<Path> directory(WorkingCopy files, String modelId) {
        Optional<String> run = runOf(modelId);
        if (run.isEmpty()) {
            return Optional.empty();
        }
        try (WorkingCopy.Lease lease = files.lease(run.get())) {
            for (String under : List.of("metrics.json", "model/", "candidates/")) {
                files.pull(run.get(), under);
            }
            return directory(files.root(), modelId);
        }
    }

    /** The candidate the run chose ({@code metrics.json}'s {@code model.candidate}), if it chose one. */
    static Optional<String> selected(Path runDir) {
        try {
            JsonNode metrics = Json.parse(Files.readString(runDir.resolve("metrics.json")));
            String c = metrics.path("model").path("candidate").asText("");
            return c.isEmpty() ? Optional.empty() : Optional.of(c);
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
