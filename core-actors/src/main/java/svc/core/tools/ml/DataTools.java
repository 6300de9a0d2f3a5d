package svc.core.tools.ml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;
import svc.config.Json;
import svc.core.tools.SimpleTool;
import svc.core.tools.Tool;
import svc.core.tools.ToolContext;
import svc.core.tools.ToolResult;
import svc.ml.data.Column;
import svc.ml.data.Dataset;
import svc.ml.data.DatasetProfile;
import svc.ml.data.Finding;
import svc.ml.data.LeakageDetector;
import svc.ml.data.Preprocessor;
import svc.ml.data.Profiler;
import svc.ml.data.RoleGuesser;
import svc.ml.data.Severity;
import svc.ml.data.Splitter;
import svc.ml.data.Validator;
import svc.ml.train.Trainer;
import svc.ml.train.TrainingSpec;

/** The data team's tools: inspect, validate, find leakage, prepare the split. */
final class DataTools {

    private DataTools() {}

    static List<Tool> all() {
        return List.of(
                new SimpleTool(
                        "inspect_dataset",
                        "Load the run's dataset, infer column types, profile every column, find the target and the sensitive columns.",
                        SimpleTool.schema("dataset_path", "problem", "target", "sensitive_attributes:array"),
                        DataTools::inspect),
                new SimpleTool(
                        "validate_dataset",
                        "Check the dataset: target present, enough rows, constant columns, duplicate rows.",
                        SimpleTool.schema("target"),
                        DataTools::validate),
                new SimpleTool(
                        "detect_leakage",
                        "Find features that give the target away: copies of it, or columns that predict it almost perfectly on their own.",
                        SimpleTool.schema("target"),
                        DataTools::leakage),
                new SimpleTool(
                        "prepare_dataset",
                        "Drop leaky columns and unlabelled rows, and make a seeded stratified train/validation/test split.",
                        SimpleTool.schema("target", "drop_columns:array", "sensitive_attributes:array", "seed:integer"),
                        DataTools::prepare));
    }

    private static ToolResult inspect(ToolContext ctx, JsonNode args) {
        RunWorkspace ws = new RunWorkspace(ctx.runDir());
        JsonNode brief = ws.brief();
        if (args.hasNonNull("dataset_path")
                && !Path.of(args.get("dataset_path").asText())
                        .toAbsolutePath()
                        .normalize()
                        .equals(ws.datasetPath())) {
            return ToolResult.error(
                    "this run's dataset is " + ws.datasetPath() + "; other files are not readable here");
        }
        Dataset data = ws.dataset();
        String problem = args.path("problem").asText(brief.path("problem").asText(""));
        String target = firstText(args.path("target"), brief.path("target"));
        String reason;
        if (target != null) {
            if (!data.has(target)) {
                return ToolResult.error(
                        "the target '" + target + "' is not a column; columns are " + data.columnNames());
            }
            reason = "named in the request";
        } else {
            Optional<RoleGuesser.TargetGuess> guess = RoleGuesser.guessTarget(problem, data);
            if (guess.isEmpty()) {
                return ToolResult.error(
                        "could not tell the target from the problem statement or the data; name it with 'target'. Columns: "
                                + data.columnNames());
            }
            target = guess.get().column();
            reason = guess.get().reason();
        }
        List<String> sensitive = new ArrayList<>();
        JsonNode asked = args.path("sensitive_attributes").isArray()
                        && args.get("sensitive_attributes").size() > 0
                ? args.get("sensitive_attributes")
                : brief.path("sensitiveAttributes");
        for (JsonNode s : asked) {
            if (!data.has(s.asText())) {
                return ToolResult.error(
                        "sensitive attribute '" + s.asText() + "' is not a column; columns are " + data.columnNames());
            }
            sensitive.add(s.asText());
        }
        String sensitiveReason = "named in the request";
        if (sensitive.isEmpty()) {
            sensitive.addAll(RoleGuesser.sensitiveColumns(data));
            sensitive.remove(target);
            sensitiveReason = "detected by column name";
        }
        Trainer.Problem setup = Trainer.problem(data.select(labelledRows(data, target)), TrainingSpec.of(target));
        DatasetProfile profile = Profiler.profile(data, target);
        ws.writeJson("profile.json", Json.MAPPER.valueToTree(profile));

        ObjectNode out = Json.object();
        out.put(
                "summary",
                data.rowCount() + " rows, " + data.columnCount() + " columns; target " + target + " (" + reason + "), "
                        + setup.task().name().toLowerCase() + " task; sensitive " + sensitive);
        out.put("rows", data.rowCount())
                .put("columns", data.columnCount())
                .put("target", target)
                .put("target_reason", reason);
        out.put("task", setup.task().name().toLowerCase());
        out.set("labels", Json.MAPPER.valueToTree(setup.labels()));
        out.set("sensitive_attributes", Json.MAPPER.valueToTree(sensitive));
        out.put("sensitive_reason", sensitiveReason);
        out.set("target_balance", Json.MAPPER.valueToTree(profile.targetBalance()));
        ArrayNode columns = out.putArray("column_types");
        data.columns()
                .forEach(c -> columns.addObject()
                        .put("name", c.name())
                        .put("type", c.type().name().toLowerCase())
                        .put("missing", c.missingCount()));
        ws.writeJson("work/inspection.json", out);

        Map<String, Object> facts = ToolResult.newFacts();
        facts.put("dataset.rows", data.rowCount());
        facts.put("dataset.columns", data.columnCount());
        facts.put("dataset.target", target);
        facts.put("dataset.sensitive", String.join(",", sensitive));
        facts.put("dataset.id", ws.datasetId());
        facts.put("dataset.sha256", ws.datasetSha256());
        facts.put("task.type", setup.task().name().toLowerCase());
        return ToolResult.ok(out, facts);
    }

    private static ToolResult validate(ToolContext ctx, JsonNode args) {
        RunWorkspace ws = new RunWorkspace(ctx.runDir());
        Dataset data = ws.dataset();
        String target = targetOf(ws, args);
        List<Finding> findings = Validator.validate(data, target);
        long errors =
                findings.stream().filter(f -> f.severity() == Severity.ERROR).count();
        long warnings =
                findings.stream().filter(f -> f.severity() == Severity.WARNING).count();
        ObjectNode out = Json.object().put("valid", errors == 0);
        out.set("findings", Json.MAPPER.valueToTree(findings));
        out.put(
                "summary",
                errors == 0
                        ? "usable: " + warnings + " warning(s)"
                                + (warnings > 0 ? " (" + messages(findings, Severity.WARNING) + ")" : "")
                        : errors + " error(s): " + messages(findings, Severity.ERROR));
        ws.writeJson("work/validation.json", out);
        return ToolResult.ok(out, Map.of("validation.errors", (int) errors, "validation.warnings", (int) warnings));
    }

    private static ToolResult leakage(ToolContext ctx, JsonNode args) {
        RunWorkspace ws = new RunWorkspace(ctx.runDir());
        Dataset data = ws.dataset();
        String target = targetOf(ws, args);
        List<Finding> findings = LeakageDetector.detect(data, target);
        Set<String> leaky = new LinkedHashSet<>();
        findings.stream().filter(f -> f.column() != null).forEach(f -> leaky.add(f.column()));
        ObjectNode out = Json.object();
        out.set("leaky_columns", Json.MAPPER.valueToTree(leaky));
        out.set("findings", Json.MAPPER.valueToTree(findings));
        out.put(
                "summary",
                leaky.isEmpty() ? "no leakage found" : "leaky columns " + leaky + ": " + messages(findings, null));
        ws.writeJson("work/leakage.json", out);
        return ToolResult.ok(
                out, Map.of("leakage.found", !leaky.isEmpty(), "leakage.columns", String.join(",", leaky)));
    }

    private static ToolResult prepare(ToolContext ctx, JsonNode args) {
        RunWorkspace ws = new RunWorkspace(ctx.runDir());
        Dataset data = ws.dataset();
        String target = targetOf(ws, args);
        List<String> dropped = RunWorkspace.strings(args.path("drop_columns"));
        for (String d : dropped) {
            if (!data.has(d)) {
                return ToolResult.error("cannot drop '" + d + "': not a column; columns are " + data.columnNames());
            }
            if (d.equals(target)) {
                return ToolResult.error("cannot drop the target '" + target + "'");
            }
        }
        List<String> features = data.columnNames().stream()
                .filter(c -> !c.equals(target) && !dropped.contains(c))
                .toList();
        if (features.isEmpty()) {
            return ToolResult.error("no feature columns left after dropping " + dropped);
        }
        List<String> sensitive = RunWorkspace.strings(args.path("sensitive_attributes")).stream()
                .filter(data::has)
                .toList();
        long seed = args.path("seed").asLong(42);
        int[] labelled = labelledRows(data, target);
        Dataset clean = data.select(labelled);
        Trainer.Problem setup = Trainer.problem(clean, TrainingSpec.of(target).withFeatures(features));
        Column t = clean.column(target);
        String[] strata = new String[clean.rowCount()];
        for (int i = 0; i < strata.length; i++) {
            strata[i] = setup.task().isClassification() ? t.value(i) : "";
        }
        Splitter.Split split = Splitter.stratified(strata, 0.15, 0.15, seed);
        RunWorkspace.Prepared prepared = new RunWorkspace.Prepared(
                target,
                setup.task().name().toLowerCase(),
                setup.labels(),
                features,
                dropped,
                sensitive,
                seed,
                remap(split.train(), labelled),
                remap(split.validation(), labelled),
                remap(split.test(), labelled));
        ws.savePrepared(prepared);
        Preprocessor pre = Preprocessor.fit(data.select(prepared.train()), features, true);

        ObjectNode out = Json.object();
        out.put(
                "summary",
                "split " + prepared.train().length + "/" + prepared.validation().length + "/" + prepared.test().length
                        + " (train/validation/test, stratified, seed " + seed + "); " + features.size()
                        + " features encode to "
                        + pre.featureNames().size() + " model inputs"
                        + (dropped.isEmpty() ? "" : "; dropped " + dropped)
                        + (labelled.length < data.rowCount()
                                ? "; " + (data.rowCount() - labelled.length) + " rows without a target left out"
                                : ""));
        out.put("train_rows", prepared.train().length)
                .put("validation_rows", prepared.validation().length)
                .put("test_rows", prepared.test().length);
        out.set("features", Json.MAPPER.valueToTree(features));
        out.set("dropped_columns", Json.MAPPER.valueToTree(dropped));
        out.put("encoded_features", pre.featureNames().size());
        Map<String, Object> facts = ToolResult.newFacts();
        facts.put("split.train_rows", prepared.train().length);
        facts.put("split.validation_rows", prepared.validation().length);
        facts.put("split.test_rows", prepared.test().length);
        facts.put("dataset.dropped", String.join(",", dropped));
        return ToolResult.ok(out, facts);
    }

    static String targetOf(RunWorkspace ws, JsonNode args) {
        String target =
                args.hasNonNull("target") && !args.get("target").asText().isBlank()
                        ? args.get("target").asText()
                        : ws.readJson("work/inspection.json").path("target").asText();
        if (!ws.dataset().has(target)) {
            throw new IllegalArgumentException("the target '" + target + "' is not a column; columns are "
                    + ws.dataset().columnNames());
        }
        return target;
    }

    static int[] labelledRows(Dataset data, String target) {
        Column t = data.column(target);
        return IntStream.range(0, data.rowCount()).filter(i -> !t.isMissing(i)).toArray();
    }

    private static int[] remap(int[] rows, int[] into) {
        int[] out = new int[rows.length];
        for (int i = 0; i < rows.length; i++) {
            out[i] = into[rows[i]];
        }
        return out;
    }

    private static String messages(List<Finding> findings, Severity severity) {
        return String.join(
                "; ",
                findings.stream()
                        .filter(f -> severity == null || f.severity() == severity)
                        .map(Finding::message)
                        .toList());
    }

    private static String firstText(JsonNode a, JsonNode b) {
        if (a != null && a.isTextual() && !a.asText().isBlank()) {
            return a.asText();
        }
        if (b != null && b.isTextual() && !b.asText().isBlank()) {
            return b.asText();
        }
        return null;
    }
}
