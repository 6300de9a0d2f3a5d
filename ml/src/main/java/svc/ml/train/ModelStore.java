package svc.ml.train;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import ml.dmlc.xgboost4j.java.XGBoost;
import svc.config.Json;
import svc.ml.data.DroppedColumn;
import svc.ml.data.Preprocessor;

/**
 * Reads and writes a model directory:
 * <pre>
 *   manifest.json   learner, params, task, target, labels, raw features, preprocessor, metrics
 *   model.json      linear weights, or forest trees in our own form (forests saved before they
 *                   were fitted by XGBoost), or
 *   model.ubj       the XGBoost booster (boosted trees, or a random forest) in its universal binary
 *                   JSON format
 * </pre>
 * The manifest also says which columns were left out of training and why ({@code dropped_columns}).
 */
final class ModelStore {
    static final int FORMAT_VERSION = 1;
    static final String MANIFEST = "manifest.json";

    private ModelStore() {}

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Manifest(
            @JsonProperty("format_version") int formatVersion,
            String target,
            Task task,
            String learner,
            Map<String, Object> params,
            List<String> labels,
            List<RawFeature> features,
            Preprocessor preprocessor,
            @JsonProperty("model_file") String modelFile,
            Map<String, Object> metrics,
            @JsonProperty("dropped_columns") List<DroppedColumn> droppedColumns) {}

    record ForestFile(int outputs, List<FlatTree> trees) {}

    static void save(TrainedModel m, Path dir) throws IOException {
        Files.createDirectories(dir);
        String file;
        if (m.model() instanceof XgbModel x) {
            file = "model.ubj";
            Path target = dir.resolve(file);
            synchronized (x) {
                XgbModel.call(() -> {
                    x.booster().saveModel(target.toString());
                    return null;
                });
            }
        } else if (m.model() instanceof LinearModel l) {
            file = "model.json";
            Json.pretty().writeValue(dir.resolve(file).toFile(), l);
        } else {
            ForestModel f = (ForestModel) m.model();
            file = "model.json";
            Json.pretty().writeValue(dir.resolve(file).toFile(), new ForestFile(f.outputs(), f.trees()));
        }
        Manifest manifest = new Manifest(
                FORMAT_VERSION,
                m.target(),
                m.task(),
                m.learner().wireName(),
                m.params(),
                m.labels(),
                m.features(),
                m.preprocessor(),
                file,
                m.metrics(),
                m.droppedColumns().isEmpty() ? null : m.droppedColumns());
        Json.pretty().writeValue(dir.resolve(MANIFEST).toFile(), manifest);
    }

    @SuppressWarnings("unchecked")
    static TrainedModel load(Path dir) throws IOException {
        Path manifestFile = dir.resolve(MANIFEST);
        if (!Files.isRegularFile(manifestFile)) {
            throw new IOException("no " + MANIFEST + " in model directory " + dir);
        }
        Manifest mf = Json.MAPPER.readValue(manifestFile.toFile(), Manifest.class);
        if (mf.formatVersion() != FORMAT_VERSION) {
            throw new IOException(manifestFile + ": format_version " + mf.formatVersion()
                    + " is not supported (expected " + FORMAT_VERSION + ")");
        }
        Learner learner = Learner.fromWireName(mf.learner());
        Path modelFile = dir.resolve(mf.modelFile());
        FittedModel model;
        if (mf.modelFile().endsWith(".ubj")) {
            model = new XgbModel(
                    XgbModel.call(() -> XGBoost.loadModel(modelFile.toString())),
                    mf.task(),
                    Math.max(1, mf.labels().size()));
        } else if (learner == Learner.LINEAR) {
            model = Json.MAPPER.readValue(modelFile.toFile(), LinearModel.class);
        } else {
            ForestFile f = Json.MAPPER.readValue(modelFile.toFile(), ForestFile.class);
            model = new ForestModel(f.trees(), f.outputs());
        }
        return new TrainedModel(
                mf.target(),
                mf.task(),
                learner,
                mf.params(),
                mf.labels(),
                mf.features(),
                mf.preprocessor(),
                model,
                mf.metrics(),
                mf.droppedColumns());
    }
}
