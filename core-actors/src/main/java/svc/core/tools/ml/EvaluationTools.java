package svc.core.tools.ml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.function.Function;
import svc.config.Json;
import svc.core.registry.Partitions;
import svc.core.tools.SimpleTool;
import svc.core.tools.Tool;
import svc.core.tools.ToolContext;
import svc.core.tools.ToolResult;
import svc.ml.data.Column;
import svc.ml.data.ColumnType;
import svc.ml.data.Dataset;
import svc.ml.drift.DriftDetector;
import svc.ml.drift.DriftReport;
import svc.ml.drift.DriftThresholds;
import svc.ml.eval.ClassificationReport;
import svc.ml.eval.Metrics;
import svc.ml.eval.RegressionReport;
import svc.ml.eval.SplitMetrics;
import svc.ml.explain.ShapExplainer;
import svc.ml.explain.ShapReport;
import svc.ml.explain.ShapValues;
import svc.ml.fairness.FairnessAuditor;
import svc.ml.fairness.FairnessReport;
import svc.ml.fairness.GroupThresholds;
import svc.ml.fairness.Mitigation;
import svc.ml.fairness.SensitiveAttributes;
import svc.ml.train.TrainedModel;
import svc.ml.train.Trainer;

/** The evaluation team's tools: held-out metrics, fairness, drift and explanations. */
final class EvaluationTools {

    private EvaluationTools() {}

    /** {@code bands}: the PSI bands of the run in a directory (its profile's, the deployment's in force). */
    static List<Tool> all(Function<Path, DriftThresholds> bands) {
        return List.of(
                new SimpleTool(
                        "evaluate_model",
                        "Compute the selected model's held-out test metrics (and validation metrics) "
                                + "and write metrics.json.",
                        SimpleTool.schema(),
                        EvaluationTools::evaluate),
                new SimpleTool(
                        "audit_fairness",
                        "Audit the selected model on the test split per sensitive attribute (selection "
                                + "rate, TPR, FPR, demographic parity, equalized odds) and write fairness.json; "
                                + "the gate fails above the threshold.",
                        SimpleTool.schema("sensitive_attributes:array", "threshold:number"),
                        EvaluationTools::fairness),
                new SimpleTool(
                        "compute_drift",
                        "Compute PSI (and KS for numeric features) per feature between the training "
                                + "split and the test split; write drift.json.",
                        SimpleTool.schema(),
                        (ctx, args) -> drift(ctx, bands.apply(ctx.runDir()))),
                new SimpleTool(
                        "explain_model",
                        "Compute exact SHAP values for a sample of test rows; global mean |SHAP| "
                                + "per feature; write shap.json.",
                        SimpleTool.schema("rows:integer"),
                        EvaluationTools::explain));
    }

    private static ToolResult evaluate(ToolContext ctx, JsonNode args) {
        RunWorkspace ws = new RunWorkspace(ctx.runDir());
        RunWorkspace.Prepared p = ws.prepared();
        Dataset data = ws.dataset();
        TrainedModel model = ws.selectedModel();
        String name = ws.selectedName();
        SplitMetrics test = Trainer.evaluate(model, data.select(p.test()));
        SplitMetrics validation = Trainer.evaluate(model, data.select(p.validation()));
        ObjectNode metrics = Json.object().put("task", p.task()).put("target", p.target());
        metrics.set("dropped_columns", Json.MAPPER.valueToTree(p.droppedColumns()));
        metrics.putObject("model")
                .put("candidate", name)
                .put("learner", model.learner().wireName())
                .set("params", Json.MAPPER.valueToTree(model.params()));
        metrics.set("test", Json.MAPPER.valueToTree(test));
        metrics.set("validation", Json.MAPPER.valueToTree(validation));
        metrics.set("split", split(ws, p));
        ArrayNode candidates = metrics.putArray("candidates");
        for (String c : ws.candidates()) {
            if (ws.has("candidates/" + c + "/candidate.json")) {
                JsonNode cand = ws.readJson("candidates/" + c + "/candidate.json");
                ObjectNode entry = candidates
                        .addObject()
                        .put("candidate", c)
                        .put("learner", cand.path("learner").asText())
                        .put("score", cand.path("score").asDouble());
                entry.set("params", cand.path("params"));
                entry.set("validation", cand.path("validation"));
                entry.set("search", cand.path("search"));
            }
        }
        thresholdPolicy(ws, name).ifPresent(policy -> {
            Dataset testRows = data.select(p.test());
            int[] decisions = policy.apply(
                    ModelTools.positiveScores(model.predict(testRows)), groups(testRows, policy.attribute()));
            int[] actual = ModelTools.labels(model, testRows);
            ObjectNode decided = metrics.putObject("test_with_group_thresholds");
            decided.set("thresholds", Json.MAPPER.valueToTree(policy.thresholds()));
            decided.put("attribute", policy.attribute());
            decided.put("accuracy", Metrics.accuracy(actual, decisions));
        });
        ws.writeJson("metrics.json", metrics);

        Map<String, Object> facts = ToolResult.newFacts();
        metricFacts(facts, "metrics.test.", test);
        metricFacts(facts, "metrics.validation.", validation);
        ObjectNode out =
                Json.object().put("summary", name + " on the held-out test split: " + ModelTools.describe(test));
        out.set("test", Json.MAPPER.valueToTree(test));
        return ToolResult.ok(out, facts);
    }

    /** Which rows the figures are on (see {@link Partitions}); the registry compares models only on equal ones. */
    static ObjectNode split(RunWorkspace ws, RunWorkspace.Prepared p) {
        return Partitions.describe(ws.datasetSha256(), p.seed(), p.train().length, p.validation().length, p.test());
    }

    private static ToolResult fairness(ToolContext ctx, JsonNode args) {
        RunWorkspace ws = new RunWorkspace(ctx.runDir());
        RunWorkspace.Prepared p = ws.prepared();
        double gate = args.path("threshold").asDouble(FairnessAuditor.DEFAULT_GATE_THRESHOLD);
        if (!p.task().equals("binary")) {
            ObjectNode out = Json.object()
                    .put("applicable", false)
                    .put("gate_passed", true)
                    .put(
                            "summary",
                            "group fairness metrics are defined here for binary decisions; this run is " + p.task());
            ws.writeJson("fairness.json", out);
            return ToolResult.ok(out, Map.of("fairness.gate_passed", true, "fairness.applicable", false));
        }
        Dataset data = ws.dataset();
        Dataset test = data.select(p.test());
        List<String> attributes = RunWorkspace.strings(args.path("sensitive_attributes"));
        if (attributes.isEmpty()) {
            attributes = p.sensitive();
        }
        if (attributes.isEmpty()) {
            attributes = SensitiveAttributes.detect(data.columnNames());
        }
        if (attributes.isEmpty()) {
            return ToolResult.error("no sensitive attributes named or detected; name them with 'sensitive_attributes'");
        }
        Map<String, String[]> groups = new LinkedHashMap<>();
        for (String a : attributes) {
            if (!data.has(a)) {
                return ToolResult.error("sensitive attribute '" + a + "' is not a column");
            }
            groups.put(a, groups(test, a));
        }
        TrainedModel model = ws.selectedModel();
        String name = ws.selectedName();
        int[] actual = ModelTools.labels(model, test);
        double[] scores = ModelTools.positiveScores(model.predict(test));
        var policy = thresholdPolicy(ws, name);
        FairnessReport report = policy.isPresent()
                ? FairnessAuditor.auditDecisions(
                        actual,
                        policy.get().apply(scores, groups(test, policy.get().attribute())),
                        0.5,
                        groups,
                        gate)
                : FairnessAuditor.audit(actual, scores, 0.5, groups, gate);
        JsonNode candidate = ws.readJson("candidates/" + name + "/candidate.json");
        if (candidate.has("mitigation")) {
            report = report.withMitigation(Json.MAPPER.convertValue(candidate.get("mitigation"), Mitigation.class));
        }
        ws.writeString("fairness.json", report.toJson());
        ObjectNode out = (ObjectNode) Json.parse(report.toJson());
        // The compliance gates read this name (${last_tool_result.demographic_parity_difference}).
        out.put("demographic_parity_difference", report.maxDemographicParityDifference());
        out.put(
                "summary",
                (report.gatePassed() ? "gate passed" : "gate FAILED") + ": max demographic parity difference "
                        + ModelTools.round(report.maxDemographicParityDifference()) + " (" + report.worstAttribute()
                        + "), threshold " + gate);
        Map<String, Object> facts = ToolResult.newFacts();
        facts.put("fairness.gate_passed", report.gatePassed());
        facts.put("fairness.demographic_parity_difference", report.maxDemographicParityDifference());
        facts.put("fairness.worst_attribute", report.worstAttribute());
        return ToolResult.ok(out, facts);
    }

    private static ToolResult drift(ToolContext ctx, DriftThresholds bands) {
        RunWorkspace ws = new RunWorkspace(ctx.runDir());
        RunWorkspace.Prepared p = ws.prepared();
        Dataset data = ws.dataset();
        Dataset reference = data.select(p.train());
        Dataset current = data.select(p.test());
        Map<String, double[]> refNum = new LinkedHashMap<>();
        Map<String, double[]> curNum = new LinkedHashMap<>();
        Map<String, String[]> refCat = new LinkedHashMap<>();
        Map<String, String[]> curCat = new LinkedHashMap<>();
        for (String f : p.features()) {
            if (reference.column(f).type() == ColumnType.NUMERIC) {
                refNum.put(f, numbers(reference.column(f)));
                curNum.put(f, numbers(current.column(f)));
            } else {
                refCat.put(f, strings(reference.column(f)));
                curCat.put(f, strings(current.column(f)));
            }
        }
        DriftReport report = DriftDetector.compare(refNum, curNum, refCat, curCat, bands);
        ws.writeString("drift.json", report.toJson());
        ObjectNode out = Json.object();
        out.put(
                "summary",
                "max PSI " + ModelTools.round(report.maxPsi()) + " (" + report.maxPsiFeature() + "), band "
                        + report.band().name().toLowerCase(Locale.ROOT)
                        + "; reference: training split, current: test split; bands: watch from "
                        + bands.moderate() + ", significant above " + bands.significant());
        out.put("max_psi", report.maxPsi())
                .put("watch_psi", bands.moderate())
                .put("block_psi", bands.significant())
                .put("max_psi_feature", report.maxPsiFeature())
                .put("band", report.band().name().toLowerCase(Locale.ROOT));
        Map<String, Object> facts = ToolResult.newFacts();
        facts.put("drift.max_psi", report.maxPsi());
        facts.put("drift.band", report.band().name().toLowerCase(Locale.ROOT));
        facts.put("drift.gate_passed", report.gatePassed());
        return ToolResult.ok(out, facts);
    }

    private static ToolResult explain(ToolContext ctx, JsonNode args) {
        RunWorkspace ws = new RunWorkspace(ctx.runDir());
        RunWorkspace.Prepared p = ws.prepared();
        int rows = Math.max(1, Math.min(2000, args.path("rows").asInt(200)));
        int[] test = p.test().clone();
        // A seeded sample, so the same run explains the same rows.
        shuffle(test, p.seed());
        int[] sample = Arrays.copyOf(test, Math.min(rows, test.length));
        Dataset data = ws.dataset().select(sample);
        TrainedModel model = ws.selectedModel();
        double[][] x = model.encode(data);
        ShapValues values = ShapExplainer.explain(model, x, model.defaultOutput());
        ShapReport report = ShapReport.of(values, model.preprocessor(), Math.min(20, sample.length));
        ws.writeString("shap.json", report.toJson());
        List<ShapReport.Importance> top = report.globalImportance()
                .subList(0, Math.min(5, report.globalImportance().size()));
        ObjectNode out = Json.object();
        out.put(
                "summary",
                "exact SHAP on " + sample.length + " test rows; top features "
                        + top.stream().map(ShapReport.Importance::feature).toList());
        out.set("top_features", Json.MAPPER.valueToTree(top));
        out.put("base_value", report.baseValue()).put("output_unit", report.outputUnit());
        return ToolResult.ok(
                out, Map.of("shap.top_feature", top.isEmpty() ? "" : top.get(0).feature()));
    }

    // ---- helpers --------------------------------------------------------------------------

    /** Group labels of a sensitive column; numeric ages become bands (under 25, 25-40, 40-60, 60+). */
    static String[] groups(Dataset data, String attribute) {
        Column c = data.column(attribute);
        if (c.type() == ColumnType.NUMERIC && SensitiveAttributes.isAge(attribute)) {
            return SensitiveAttributes.ageBands(numbers(c));
        }
        return strings(c);
    }

    static Optional<GroupThresholds> thresholdPolicy(RunWorkspace ws, String candidate) {
        String file = "candidates/" + candidate + "/thresholds.json";
        if (!ws.has(file)) {
            return Optional.empty();
        }
        return Optional.of(Json.MAPPER.convertValue(ws.readJson(file), GroupThresholds.class));
    }

    private static void metricFacts(Map<String, Object> facts, String prefix, SplitMetrics m) {
        if (m instanceof ClassificationReport c) {
            facts.put(prefix + "accuracy", c.accuracy());
            facts.put(prefix + "f1", c.f1());
            facts.put(prefix + "roc_auc", c.rocAuc());
            facts.put(prefix + "log_loss", c.logLoss());
        } else if (m instanceof RegressionReport r) {
            facts.put(prefix + "rmse", r.rmse());
            facts.put(prefix + "mae", r.mae());
            facts.put(prefix + "r2", r.r2());
        }
    }

    static double[] numbers(Column c) {
        double[] out = new double[c.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = c.isMissing(i) ? Double.NaN : c.number(i);
        }
        return out;
    }

    static String[] strings(Column c) {
        String[] out = new String[c.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = c.isMissing(i) ? null : c.value(i);
        }
        return out;
    }

    private static void shuffle(int[] a, long seed) {
        Random r = new Random(seed);
        for (int i = a.length - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }
}
