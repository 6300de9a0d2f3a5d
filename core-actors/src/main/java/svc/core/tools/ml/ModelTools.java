package svc.core.tools.ml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import svc.config.Json;
import svc.core.tools.SimpleTool;
import svc.core.tools.Tool;
import svc.core.tools.ToolContext;
import svc.core.tools.ToolResult;
import svc.ml.data.Dataset;
import svc.ml.eval.ClassificationReport;
import svc.ml.eval.MetricsReport;
import svc.ml.eval.RegressionReport;
import svc.ml.eval.SplitMetrics;
import svc.ml.fairness.GroupThresholds;
import svc.ml.fairness.Reweighing;
import svc.ml.train.Learner;
import svc.ml.train.Predictions;
import svc.ml.train.SearchSpace;
import svc.ml.train.TrainedModel;
import svc.ml.train.Trainer;
import svc.ml.train.TrainingResult;
import svc.ml.train.TrainingSpec;

/** Choosing, training, mitigating and selecting models. */
final class ModelTools {

    private ModelTools() {}

    static List<Tool> all() {
        return List.of(
                new SimpleTool(
                        "recommend_learners",
                        "Recommend learners with their search spaces for the task and data size; "
                                + "'focus' narrows to one family, 'learners' merges proposals.",
                        SimpleTool.schema("task", "rows:integer", "focus", "learners:array"),
                        ModelTools::recommend),
                new SimpleTool(
                        "train_model",
                        "Train one learner (linear, random_forest, xgboost) with a seeded hyper-parameter "
                                + "search on the prepared split; reports validation metrics of every candidate.",
                        SimpleTool.schema("learner", "seed:integer", "candidates:integer"),
                        ModelTools::train),
                new SimpleTool(
                        "mitigate_bias",
                        "Mitigate unfairness of the selected model for one sensitive attribute: "
                                + "'reweighing' (retrain with Kamiran-Calders weights) or 'group_thresholds' "
                                + "(per-group decision thresholds fitted on validation).",
                        SimpleTool.schema("method", "attribute"),
                        ModelTools::mitigate),
                new SimpleTool(
                        "select_model",
                        "Make a trained candidate the run's model (copied to model/).",
                        SimpleTool.schema("learner"),
                        ModelTools::select));
    }

    private static ToolResult recommend(ToolContext ctx, JsonNode args) {
        String task = args.path("task").asText("binary");
        int rows = args.path("rows").asInt(0);
        String focus = args.path("focus").asText("").toLowerCase(Locale.ROOT);
        Set<Learner> chosen = new LinkedHashSet<>();
        List<String> reasons = new ArrayList<>();
        if (args.path("learners").isArray() && args.get("learners").size() > 0) {
            for (JsonNode l : args.get("learners")) {
                chosen.add(Learner.fromWireName(l.asText()));
            }
            reasons.add("merged from the researchers' proposals");
        } else if (focus.contains("linear")) {
            chosen.add(Learner.LINEAR);
            reasons.add("linear: an interpretable baseline with exact linear SHAP");
        } else if (focus.contains("tree") || focus.contains("forest")) {
            chosen.add(Learner.RANDOM_FOREST);
            reasons.add("random_forest: robust to unscaled, mixed-type features");
        } else if (focus.contains("boost")) {
            chosen.add(Learner.XGBOOST);
            reasons.add("xgboost: usually the strongest on tabular data");
        } else {
            chosen.add(Learner.LINEAR);
            reasons.add("linear: interpretable baseline");
            if (rows <= 200_000) {
                // Forests on very large tables cost more than they add next to boosting.
                chosen.add(Learner.RANDOM_FOREST);
                reasons.add("random_forest: non-linear, few assumptions, " + rows + " rows is affordable");
            }
            chosen.add(Learner.XGBOOST);
            reasons.add("xgboost: strongest family on tabular " + task + " problems");
        }
        ObjectNode out = Json.object();
        ArrayNode learners = out.putArray("learners");
        ObjectNode spaces = out.putObject("search_spaces");
        for (Learner l : chosen) {
            learners.add(l.wireName());
            spaces.set(l.wireName(), Json.MAPPER.valueToTree(SearchSpace.candidates(l, 3, 42)));
        }
        out.set("reasons", Json.MAPPER.valueToTree(reasons));
        out.put("summary", "recommend " + chosen.stream().map(Learner::wireName).toList());
        return ToolResult.ok(
                out,
                Map.of(
                        "algorithm.learners",
                        String.join(",", chosen.stream().map(Learner::wireName).toList())));
    }

    private static ToolResult train(ToolContext ctx, JsonNode args) throws IOException {
        RunWorkspace ws = new RunWorkspace(ctx.runDir());
        Learner learner;
        try {
            learner = Learner.fromWireName(args.path("learner").asText());
        } catch (IllegalArgumentException e) {
            return ToolResult.error(e.getMessage());
        }
        RunWorkspace.Prepared p = ws.prepared();
        Dataset data = ws.dataset();
        long seed = args.path("seed").asLong(p.seed());
        int candidates = Math.max(1, Math.min(10, args.path("candidates").asInt(3)));
        TrainingSpec spec = TrainingSpec.of(p.target())
                .withLearners(List.of(learner))
                .withCandidates(candidates)
                .withSeed(seed)
                .withFeatures(p.features());
        Trainer.Problem problem = problem(ws, data, p);
        long started = System.nanoTime();
        TrainingResult result =
                Trainer.search(problem, data.select(p.train()), null, data.select(p.validation()), null, spec);
        long millis = (System.nanoTime() - started) / 1_000_000;
        String name = learner.wireName();
        TrainedModel trained = result.model().withDroppedColumns(p.droppedColumns());
        RunWorkspace.replaceDir(ws.candidateDir(name), trained::save);
        double score = score(result.report().validation());
        ObjectNode candidate = Json.object()
                .put("candidate", name)
                .put("learner", name)
                .put("score", score)
                .put("training_ms", millis);
        candidate.set("params", Json.MAPPER.valueToTree(result.model().params()));
        candidate.set("validation", Json.MAPPER.valueToTree(result.report().validation()));
        candidate.set("search", Json.MAPPER.valueToTree(result.report().candidates()));
        ws.writeJson("candidates/" + name + "/candidate.json", candidate);

        ObjectNode out = Json.object();
        out.put(
                "summary",
                name + " best of " + result.report().candidates().size() + " candidates: "
                        + describe(result.report().validation()) + " on validation (" + millis + " ms)");
        out.put("learner", name).put("score", score).put("training_ms", millis);
        out.set("best_params", Json.MAPPER.valueToTree(result.model().params()));
        ArrayNode log = out.putArray("search");
        for (MetricsReport.Candidate c : result.report().candidates()) {
            log.addObject()
                    .put("validation", describe(c.validation()))
                    .set("params", Json.MAPPER.valueToTree(c.params()));
        }
        return ToolResult.ok(out, Map.of("training.candidate." + name + ".score", score));
    }

    private static ToolResult mitigate(ToolContext ctx, JsonNode args) throws IOException {
        RunWorkspace ws = new RunWorkspace(ctx.runDir());
        RunWorkspace.Prepared p = ws.prepared();
        if (!p.task().equals("binary")) {
            return ToolResult.error(
                    "bias mitigation is implemented for binary classification; this run is " + p.task());
        }
        String method = args.path("method").asText("reweighing");
        String attribute = args.path("attribute").asText("");
        if (attribute.isBlank()) {
            attribute = ws.readJson("fairness.json").path("worst_attribute").asText("");
        }
        Dataset data = ws.dataset();
        if (!data.has(attribute)) {
            return ToolResult.error(
                    "no sensitive attribute '" + attribute + "' to mitigate for; columns are " + data.columnNames());
        }
        String base = ws.selectedName();
        TrainedModel model = ws.selectedModel();
        Dataset train = data.select(p.train());
        Dataset validation = data.select(p.validation());
        String name = base + "+" + method;
        ObjectNode out =
                Json.object().put("method", method).put("attribute", attribute).put("candidate", name);
        Map<String, Object> facts = ToolResult.newFacts();
        switch (method) {
            case "reweighing" -> {
                Reweighing.Result weights =
                        Reweighing.reweigh(attribute, labels(model, train), EvaluationTools.groups(train, attribute));
                TrainedModel refit = Trainer.fit(
                        problem(ws, data, p),
                        train,
                        weights.sampleWeights(),
                        model.learner(),
                        model.params(),
                        p.seed());
                SplitMetrics v = Trainer.evaluate(refit, validation);
                TrainedModel mitigated = refit.withDroppedColumns(p.droppedColumns());
                RunWorkspace.replaceDir(ws.candidateDir(name), mitigated::save);
                double score = score(v);
                ObjectNode candidate = Json.object()
                        .put("candidate", name)
                        .put("learner", model.learner().wireName())
                        .put("score", score);
                candidate.set("params", Json.MAPPER.valueToTree(model.params()));
                candidate.set("validation", Json.MAPPER.valueToTree(v));
                candidate.set("mitigation", Json.MAPPER.valueToTree(weights.mitigation()));
                ws.writeJson("candidates/" + name + "/candidate.json", candidate);
                out.set("mitigation", Json.MAPPER.valueToTree(weights.mitigation()));
                out.put(
                        "summary",
                        "retrained " + base + " with reweighing on " + attribute + ": " + describe(v)
                                + " on validation");
                facts.put("training.candidate." + name + ".score", score);
            }
            case "group_thresholds" -> {
                double[] scores = positiveScores(model.predict(validation));
                GroupThresholds.Fit fit = GroupThresholds.fit(
                        attribute,
                        labels(model, validation),
                        scores,
                        EvaluationTools.groups(validation, attribute),
                        0.5,
                        GroupThresholds.Criterion.SELECTION_RATE,
                        0.02);
                RunWorkspace.copyTree(ws.candidateDir(base), ws.candidateDir(name));
                ws.writeJson("candidates/" + name + "/thresholds.json", Json.MAPPER.valueToTree(fit.policy()));
                ObjectNode candidate = (ObjectNode) ws.readJson("candidates/" + base + "/candidate.json");
                candidate.put("candidate", name);
                candidate.set("mitigation", Json.MAPPER.valueToTree(fit.mitigation()));
                ws.writeJson("candidates/" + name + "/candidate.json", candidate);
                out.set("thresholds", Json.MAPPER.valueToTree(fit.policy().thresholds()));
                out.put("within_tolerance", fit.withinTolerance());
                out.set("mitigation", Json.MAPPER.valueToTree(fit.mitigation()));
                out.put(
                        "summary",
                        "per-group thresholds on " + attribute + " fitted on validation: "
                                + fit.policy().thresholds()
                                + (fit.withinTolerance()
                                        ? ""
                                        : " (selection rates could not all be brought within 0.02)"));
                // The last resort of the workflow's mitigation loop: the router stops looping after it.
                facts.put("mitigation.applied", true);
            }
            default -> {
                return ToolResult.error(
                        "unknown mitigation method '" + method + "'; use reweighing or group_thresholds");
            }
        }
        facts.put("mitigation.method", method);
        facts.put("mitigation.attribute", attribute);
        facts.put("model.mitigated", name);
        return ToolResult.ok(out, facts);
    }

    private static ToolResult select(ToolContext ctx, JsonNode args) throws IOException {
        RunWorkspace ws = new RunWorkspace(ctx.runDir());
        String name = args.path("learner").asText("");
        if (name.isBlank() || !ws.candidates().contains(name)) {
            return ToolResult.error("no trained candidate '" + name + "'; trained candidates are " + ws.candidates());
        }
        RunWorkspace.copyTree(ws.candidateDir(name), ws.dir().resolve("model"));
        JsonNode candidate = ws.readJson("candidates/" + name + "/candidate.json");
        ObjectNode selection = Json.object()
                .put("candidate", name)
                .put("score", candidate.path("score").asDouble());
        ObjectNode others = selection.putObject("alternatives");
        for (String c : ws.candidates()) {
            if (ws.has("candidates/" + c + "/candidate.json")) {
                others.put(
                        c,
                        ws.readJson("candidates/" + c + "/candidate.json")
                                .path("score")
                                .asDouble());
            }
        }
        ws.writeJson("model/selection.json", selection);
        ObjectNode out = selection
                .deepCopy()
                .put(
                        "summary",
                        "selected " + name + " (validation score "
                                + round(candidate.path("score").asDouble()) + ")");
        String runId = ws.brief().path("runId").asText();
        return ToolResult.ok(out, Map.of("model.selected", name, "model.id", ReportTools.modelId(runId, name)));
    }

    // ---- shared helpers -------------------------------------------------------------------

    static Trainer.Problem problem(RunWorkspace ws, Dataset data, RunWorkspace.Prepared p) {
        int[] all = RunWorkspace.concat(RunWorkspace.concat(p.train(), p.validation()), p.test());
        return Trainer.problem(data.select(all), TrainingSpec.of(p.target()).withFeatures(p.features()));
    }

    /** Larger is better: AUC for binary, negative log loss for multi-class, negative RMSE for regression. */
    static double score(SplitMetrics m) {
        if (m instanceof ClassificationReport c) {
            return c.labels().size() == 2 ? c.rocAuc() : -c.logLoss();
        }
        return -((RegressionReport) m).rmse();
    }

    static String describe(SplitMetrics m) {
        if (m instanceof ClassificationReport c) {
            return "accuracy " + round(c.accuracy()) + ", AUC " + round(c.rocAuc()) + ", log loss "
                    + round(c.logLoss());
        }
        RegressionReport r = (RegressionReport) m;
        return "RMSE " + round(r.rmse()) + ", MAE " + round(r.mae()) + ", R2 " + round(r.r2());
    }

    static int[] labels(TrainedModel model, Dataset data) {
        var t = data.column(model.target());
        int[] y = new int[data.rowCount()];
        for (int i = 0; i < y.length; i++) {
            y[i] = model.labels().indexOf(t.value(i));
        }
        return y;
    }

    static double[] positiveScores(Predictions p) {
        double[] s = new double[p.probabilities().length];
        for (int i = 0; i < s.length; i++) {
            s[i] = p.probabilities()[i][1];
        }
        return s;
    }

    static double round(double v) {
        return Math.round(v * 10000.0) / 10000.0;
    }
}
