package svc.core.tools.ml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
import svc.ml.data.LeakageFinding;
import svc.ml.data.LeakageReport;
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

    private static final String FAST_PROTOTYPE = "fast_prototype";

    private DataTools() {}

    static List<Tool> all() {
        return List.of(
                new SimpleTool(
                        "inspect_dataset",
                        "Load the run's dataset, infer column types, profile every column, read the target and the"
                                + " protected attributes from the problem statement (with the evidence, and whether the"
                                + " reading is clear or a person should confirm it); writes target.json.",
                        SimpleTool.schema("dataset_path", "problem", "target", "sensitive_attributes:array"),
                        DataTools::inspect),
                new SimpleTool(
                        "validate_dataset",
                        "Check the dataset: target present, enough rows, constant columns, duplicate rows.",
                        SimpleTool.schema("target"),
                        DataTools::validate),
                new SimpleTool(
                        "detect_leakage",
                        "Screen every feature on the training split for leakage: copies of the target, near-perfect or"
                                + " dominant single-feature predictors, presence that depends on the target,"
                                + " identifiers, row order, post-outcome meaning; each finding with evidence,"
                                + " confidence and action. Writes leakage.json.",
                        SimpleTool.schema("target", "seed:integer"),
                        DataTools::leakage),
                new SimpleTool(
                        "prepare_dataset",
                        "Drop leaky and identifier columns (drop_reasons: column -> why) and unlabelled "
                                + "rows, and make a seeded stratified train/validation/test split.",
                        SimpleTool.schema(
                                "target",
                                "drop_columns:array",
                                "drop_reasons:object",
                                "sensitive_attributes:array",
                                "seed:integer"),
                        DataTools::prepare));
    }

    /** The run's dataset is kept by its real path; an agent may name it as the request did. */
    private static boolean sameFile(String named, Path dataset) {
        Path p = Path.of(named).toAbsolutePath().normalize();
        if (p.equals(dataset)) {
            return true;
        }
        try {
            return p.toRealPath().equals(dataset);
        } catch (IOException e) {
            return false;
        }
    }

    private static ToolResult inspect(ToolContext ctx, JsonNode args) {
        RunWorkspace ws = new RunWorkspace(ctx.runDir());
        JsonNode brief = ws.brief();
        if (args.hasNonNull("dataset_path")
                && !sameFile(args.get("dataset_path").asText(), ws.datasetPath())) {
            return ToolResult.error(
                    "this run's dataset is " + ws.datasetPath() + "; other files are not readable here");
        }
        Dataset data = ws.dataset();
        String problem = args.path("problem").asText(brief.path("problem").asText(""));
        String named = firstText(args.path("target"), brief.path("target"));
        RoleGuesser.TargetReading reading;
        if (named != null) {
            if (!data.has(named)) {
                return ToolResult.error(
                        "the target '" + named + "' is not a column; columns are " + data.columnNames());
            }
            reading = RoleGuesser.named(named, problem, data);
        } else {
            reading = RoleGuesser.readTarget(problem, data);
            if (reading.proposal().isEmpty()) {
                return ToolResult.error("could not tell the target from the problem statement or the data; name it"
                        + " with 'target'. Columns: " + data.columnNames());
            }
        }
        String target = reading.column();
        String reason = reading.reason();
        Map<String, String> sensitive = new LinkedHashMap<>();
        JsonNode asked = args.path("sensitive_attributes").isArray()
                        && args.get("sensitive_attributes").size() > 0
                ? args.get("sensitive_attributes")
                : brief.path("sensitiveAttributes");
        for (JsonNode s : asked) {
            if (!data.has(s.asText())) {
                return ToolResult.error(
                        "sensitive attribute '" + s.asText() + "' is not a column; columns are " + data.columnNames());
            }
            sensitive.put(s.asText(), "named in the request");
        }
        // The statement's protected attributes always join; those found by name only when the request named none.
        boolean requested = !sensitive.isEmpty();
        for (RoleGuesser.Sensitive s : RoleGuesser.sensitive(problem, data, target)) {
            if (!requested || s.reason().equals(RoleGuesser.FROM_STATEMENT)) {
                sensitive.putIfAbsent(s.column(), s.reason());
            }
        }
        sensitive.remove(target);
        String sensitiveReason = sensitive.isEmpty()
                ? "none named or detected"
                : String.join(
                        "; ",
                        sensitive.entrySet().stream()
                                .map(e -> e.getKey() + ": " + e.getValue())
                                .toList());
        Trainer.Problem setup = Trainer.problem(data.select(labelledRows(data, target)), TrainingSpec.of(target));
        DatasetProfile profile = Profiler.profile(data, target);
        ws.writeJson("profile.json", Json.MAPPER.valueToTree(profile));

        ObjectNode out = Json.object();
        out.put(
                "summary",
                data.rowCount() + " rows, " + data.columnCount() + " columns; target " + target + " (" + reason + ")"
                        + (reading.clear() ? "" : " - NOT CLEAR: a person must confirm it") + ", "
                        + setup.task().name().toLowerCase() + " task; sensitive " + sensitive.keySet());
        out.put("rows", data.rowCount())
                .put("columns", data.columnCount())
                .put("target", target)
                .put("target_clear", reading.clear())
                .put("target_reason", reason);
        out.set("target_candidates", Json.MAPPER.valueToTree(reading.candidates()));
        out.put("task", setup.task().name().toLowerCase());
        out.set("labels", Json.MAPPER.valueToTree(setup.labels()));
        out.set("sensitive_attributes", Json.MAPPER.valueToTree(sensitive.keySet()));
        out.set("sensitive_reasons", Json.MAPPER.valueToTree(sensitive));
        out.put("sensitive_reason", sensitiveReason);
        out.set("target_balance", Json.MAPPER.valueToTree(profile.targetBalance()));
        ArrayNode columns = out.putArray("column_types");
        data.columns()
                .forEach(c -> columns.addObject()
                        .put("name", c.name())
                        .put("type", c.type().name().toLowerCase())
                        .put("missing", c.missingCount()));
        ws.writeJson("work/inspection.json", out);
        ObjectNode record = Json.object()
                .put("target", target)
                .put("clear", reading.clear())
                .put("reason", reason)
                .put("statement", problem);
        record.set("candidates", Json.MAPPER.valueToTree(reading.candidates()));
        ArrayNode attrs = record.putArray("sensitive_attributes");
        sensitive.forEach((c, why) -> attrs.addObject().put("column", c).put("reason", why));
        ws.writeJson("target.json", record);

        Map<String, Object> facts = ToolResult.newFacts();
        facts.put("dataset.rows", data.rowCount());
        facts.put("dataset.columns", data.columnCount());
        facts.put("dataset.target", target);
        facts.put("dataset.target_clear", reading.clear());
        facts.put("dataset.sensitive", String.join(",", sensitive.keySet()));
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

    /**
     * The screen runs on the training rows of the split {@code prepare_dataset} will make with the
     * same seed. Medium findings are put to a person, except under {@code fast_prototype}, which has
     * no gate for them: there they are dropped with a warning.
     */
    private static ToolResult leakage(ToolContext ctx, JsonNode args) {
        RunWorkspace ws = new RunWorkspace(ctx.runDir());
        Dataset data = ws.dataset();
        String target = targetOf(ws, args);
        long seed = args.path("seed").asLong(42);
        JsonNode brief = ws.brief();
        boolean prototype = FAST_PROTOTYPE.equals(brief.path("template").asText(""));
        int[] labelled = labelledRows(data, target);
        Splitter.Split split = split(data.select(labelled), target, seed);
        LeakageReport report = LeakageDetector.screen(
                data,
                target,
                remap(split.train(), labelled),
                brief.path("problem").asText(""),
                prototype ? LeakageDetector.MediumPolicy.DROP_WITH_WARNING : LeakageDetector.MediumPolicy.ASK,
                seed);
        ws.writeJson("leakage.json", Json.MAPPER.valueToTree(report));
        ObjectNode out = (ObjectNode) Json.MAPPER.valueToTree(report);
        Map<String, String> drops = report.drops(false);
        out.set("drop_columns", Json.MAPPER.valueToTree(drops));
        List<String> asked = report.asked().stream()
                .map(LeakageFinding::column)
                .filter(c -> !drops.containsKey(c))
                .distinct()
                .toList();
        out.set("ask", Json.MAPPER.valueToTree(asked));
        List<String> named = report.findings().stream()
                .filter(f -> f.column() != null && !f.action().equals(LeakageFinding.KEPT))
                .map(f -> f.column() + " (" + f.kind() + ", " + f.confidence() + ", " + f.action() + ")")
                .toList();
        out.put(
                "summary",
                (report.leakyColumns().isEmpty() ? "no leakage found" : "leaky columns " + report.leakyColumns())
                        + (named.isEmpty() ? "" : "; " + String.join("; ", named))
                        + (asked.isEmpty() ? "" : "; a person must decide on " + asked));
        Map<String, Object> facts = ToolResult.newFacts();
        facts.put("leakage.found", !report.leakyColumns().isEmpty());
        facts.put("leakage.columns", String.join(",", report.leakyColumns()));
        facts.put("leakage.asked", String.join(",", asked));
        return ToolResult.ok(out, facts);
    }

    /** The split prepare_dataset makes: stratified by class for classification, 70/15/15. */
    static Splitter.Split split(Dataset clean, String target, long seed) {
        Trainer.Problem setup = Trainer.problem(clean, TrainingSpec.of(target));
        Column t = clean.column(target);
        String[] strata = new String[clean.rowCount()];
        for (int i = 0; i < strata.length; i++) {
            strata[i] = setup.task().isClassification() ? t.value(i) : "";
        }
        return Splitter.stratified(strata, 0.15, 0.15, seed);
    }

    private static ToolResult prepare(ToolContext ctx, JsonNode args) {
        RunWorkspace ws = new RunWorkspace(ctx.runDir());
        Dataset data = ws.dataset();
        String target = targetOf(ws, args);
        List<String> dropped = RunWorkspace.strings(args.path("drop_columns"));
        Map<String, String> reasons = new LinkedHashMap<>();
        for (String d : dropped) {
            reasons.put(d, args.path("drop_reasons").path(d).asText("dropped by the data team"));
        }
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
        Splitter.Split split = split(clean, target, seed);
        RunWorkspace.Prepared prepared = new RunWorkspace.Prepared(
                target,
                setup.task().name().toLowerCase(),
                setup.labels(),
                features,
                dropped,
                reasons,
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
        out.set("dropped_columns", Json.MAPPER.valueToTree(prepared.droppedColumns()));
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
