package svc.core.llm.scripted;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import svc.config.Json;
import svc.core.task.TaskText;

/**
 * The steps a coordinator takes for one stage, decided from the team, the goal, the run's facts
 * so far (the brief's {@code context}) and the results of the steps already taken.
 */
final class StagePlan {

    /** One worker report: the tool it ran, whether it worked, and the whole report. */
    record StepResult(String tool, boolean ok, JsonNode report) {
        JsonNode result() {
            return report.path("result");
        }
    }

    private final JsonNode task;
    private final JsonNode context;
    private final JsonNode run;
    private final List<StepResult> results;

    StagePlan(JsonNode task, List<StepResult> results) {
        this.task = task;
        this.context = task.path("context");
        this.run = task.path("run");
        this.results = results;
    }

    int stepsTaken() {
        return results.size();
    }

    /** A reason to stop the stage now, if a step failed in a way that makes going on pointless. */
    Optional<String> failure() {
        for (StepResult r : results) {
            if (!r.ok()) {
                String error = r.report()
                        .path("error")
                        .asText(
                                r.result().isTextual()
                                        ? r.result().asText()
                                        : r.result().toString());
                return Optional.of(r.tool() + " failed, so the stage cannot finish: " + error);
            }
            if (r.tool().equals("validate_dataset") && !r.result().path("valid").asBoolean(true)) {
                return Optional.of("The dataset is not usable: "
                        + r.result().path("summary").asText("validation found errors"));
            }
        }
        return Optional.empty();
    }

    Optional<Move.Call> nextStep() {
        String team = task.path("team").asText("");
        String goal = task.path("goal").asText("").toLowerCase(Locale.ROOT);
        List<Move.Call> plan = switch (team) {
            case "data" -> dataPlan();
            case "algorithm" -> algorithmPlan();
            case "training" -> goal.contains("mitigat") ? mitigationPlan() : trainingPlan();
            case "evaluation" -> evaluationPlan();
            case "quality" -> List.of(call("write_model_card"), call("export_audit_pdf"), call("review_artifacts"));
            case "deployment" -> deploymentPlan();
            default -> List.of();
        };
        int done = results.size();
        return done < plan.size() ? Optional.of(plan.get(done)) : Optional.empty();
    }

    Move.Answer answer() {
        ObjectNode report = Json.object().put("ok", true);
        ArrayNode steps = report.putArray("steps");
        List<String> names = new ArrayList<>();
        for (StepResult r : results) {
            ObjectNode s = steps.addObject().put("tool", r.tool());
            if (r.result().hasNonNull("summary")) {
                s.put("summary", r.result().get("summary").asText());
            }
            names.add(r.tool());
        }
        String sentence = names.isEmpty()
                ? "Nothing for my team to do in this stage."
                : "Done with " + String.join(", ", names) + ".";
        return new Move.Answer(TaskText.render(sentence, report));
    }

    private List<Move.Call> dataPlan() {
        List<Move.Call> plan = new ArrayList<>();
        ObjectNode inspect = Json.object()
                .put("dataset_path", run.path("dataset_path").asText())
                .put("problem", run.path("problem").asText());
        if (run.hasNonNull("target")) {
            inspect.put("target", run.get("target").asText());
        }
        if (run.path("sensitive_attributes").isArray()
                && run.get("sensitive_attributes").size() > 0) {
            inspect.set("sensitive_attributes", run.get("sensitive_attributes"));
        }
        plan.add(new Move.Call("inspect_dataset", inspect));
        JsonNode inspected = resultOf("inspect_dataset");
        if (inspected == null) {
            return plan;
        }
        String target = inspected.path("target").asText();
        plan.add(new Move.Call("validate_dataset", Json.object().put("target", target)));
        plan.add(new Move.Call("detect_leakage", Json.object().put("target", target)));
        JsonNode leakage = resultOf("detect_leakage");
        if (leakage == null) {
            return plan;
        }
        // Dropped without asking: high-confidence leaks and identifiers (and, in a quick prototype,
        // medium leaks with a warning). Medium leaks elsewhere and an unclear target go to a person.
        ObjectNode drops = Json.object();
        if (leakage.path("drop_columns").isObject()) {
            drops.setAll((ObjectNode) leakage.get("drop_columns"));
        } else {
            // a leakage report with names only: every leaky column goes
            leakage.path("leaky_columns").forEach(c -> drops.put(c.asText(), "leak found by detect_leakage"));
        }
        List<String> asked = new ArrayList<>();
        leakage.path("ask").forEach(c -> asked.add(c.asText()));
        boolean targetClear = inspected.path("target_clear").asBoolean(true);
        if (!targetClear || !asked.isEmpty()) {
            plan.add(new Move.Call("request_approval", question(inspected, leakage, target, targetClear, asked)));
            if (resultOf("request_approval") == null) {
                return plan;
            }
            for (JsonNode f : leakage.path("findings")) {
                if ("ask".equals(f.path("action").asText())
                        && !drops.has(f.path("column").asText())) {
                    drops.put(
                            f.path("column").asText(),
                            f.path("kind").asText() + " (approved by a person): "
                                    + f.path("message").asText());
                }
            }
        }
        ObjectNode prepare = Json.object().put("target", target).put("seed", 42);
        List<String> dropColumns = new ArrayList<>();
        drops.fieldNames().forEachRemaining(dropColumns::add);
        prepare.set("drop_columns", CoordinatorPolicy.array(dropColumns));
        prepare.set("drop_reasons", drops);
        prepare.set("sensitive_attributes", inspected.path("sensitive_attributes"));
        plan.add(new Move.Call("prepare_dataset", prepare));
        return plan;
    }

    /** One question for a person: the target to confirm and the leaks to drop, with the evidence. */
    private static ObjectNode question(
            JsonNode inspected, JsonNode leakage, String target, boolean targetClear, List<String> asked) {
        List<String> parts = new ArrayList<>();
        if (!targetClear) {
            parts.add("Is '" + target + "' the column to predict? ("
                    + inspected.path("target_reason").asText() + ")");
        }
        if (!asked.isEmpty()) {
            parts.add("Drop " + asked + " as probable leaks?");
        }
        ObjectNode q = Json.object()
                .put("gate_type", "manual")
                .put("topic", "data_roles")
                .put(
                        "question",
                        String.join(" ", parts) + " Approve to go on with this proposal; reject to"
                                + " stop the run (then start it again naming the target and the columns to drop).");
        ObjectNode proposal = q.putObject("proposal").put("target", target);
        proposal.set("drop_columns", CoordinatorPolicy.array(asked));
        q.set("candidates", inspected.path("target_candidates"));
        ObjectNode evidence = q.putObject("evidence");
        evidence.put("target_reason", inspected.path("target_reason").asText());
        ArrayNode findings = evidence.putArray("leakage_findings");
        for (JsonNode f : leakage.path("findings")) {
            if (asked.contains(f.path("column").asText())) {
                findings.add(f);
            }
        }
        return q;
    }

    private List<Move.Call> algorithmPlan() {
        ObjectNode args = Json.object()
                .put("task", context.path("task.type").asText("binary"))
                .put("rows", context.path("dataset.rows").asInt(0));
        JsonNode merge = task.path("merge");
        if (merge.isArray()) {
            // Supervising parallel research: keep every learner any researcher proposed.
            Set<String> union = new LinkedHashSet<>();
            for (JsonNode answer : merge) {
                TaskText.data(answer.asText())
                        .ifPresent(d -> d.path("result").path("learners").forEach(l -> union.add(l.asText())));
            }
            args.set("learners", CoordinatorPolicy.array(List.copyOf(union)));
        }
        return List.of(new Move.Call("recommend_learners", args));
    }

    private List<Move.Call> trainingPlan() {
        List<Move.Call> plan = new ArrayList<>();
        // Without an algorithm stage (fast_prototype) the goal asks for a linear baseline and boosted trees.
        for (String learner :
                context.path("algorithm.learners").asText("linear,xgboost").split(",")) {
            if (!learner.isBlank()) {
                plan.add(new Move.Call(
                        "train_model",
                        Json.object().put("learner", learner.trim()).put("seed", 42)));
            }
        }
        return plan;
    }

    private List<Move.Call> mitigationPlan() {
        // Reweighing first; if the gate still fails after it, equalise selection rates with group
        // thresholds, which trades a little accuracy for parity.
        String tried = context.path("mitigation.method").asText("");
        String method = tried.equals("reweighing") ? "group_thresholds" : "reweighing";
        ObjectNode args = Json.object()
                .put("method", method)
                .put("attribute", context.path("fairness.worst_attribute").asText(""));
        return List.of(new Move.Call("mitigate_bias", args));
    }

    private List<Move.Call> evaluationPlan() {
        return List.of(
                new Move.Call("select_model", Json.object().put("learner", chooseModel())),
                call("evaluate_model"),
                new Move.Call(
                        "audit_fairness",
                        Json.object().put("threshold", 0.1).set("sensitive_attributes", sensitiveAttributes())),
                call("compute_drift"),
                new Move.Call("explain_model", Json.object().put("rows", 200)));
    }

    private List<Move.Call> deploymentPlan() {
        return List.of(
                call("build_container_image"),
                call("generate_k8s_manifests"),
                new Move.Call(
                        "register_model_deployment",
                        Json.object().put("environment", "staging").put("traffic_pct", 100)));
    }

    /**
     * The model to carry forward: a mitigated model once fairness needed one (a fairer model that
     * scores slightly lower is the point of mitigating), otherwise the best validation score.
     */
    private String chooseModel() {
        if (context.hasNonNull("model.mitigated")) {
            return context.get("model.mitigated").asText();
        }
        String best = null;
        double bestScore = Double.NEGATIVE_INFINITY;
        Iterator<Map.Entry<String, JsonNode>> fields = context.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> f = fields.next();
            String key = f.getKey();
            if (key.startsWith("training.candidate.")
                    && key.endsWith(".score")
                    && f.getValue().isNumber()) {
                double score = f.getValue().asDouble();
                if (score > bestScore) {
                    bestScore = score;
                    best = key.substring("training.candidate.".length(), key.length() - ".score".length());
                }
            }
        }
        return best == null ? "" : best;
    }

    private ArrayNode sensitiveAttributes() {
        List<String> attrs = new ArrayList<>();
        for (String a : context.path("dataset.sensitive").asText("").split(",")) {
            if (!a.isBlank()) {
                attrs.add(a.trim());
            }
        }
        return CoordinatorPolicy.array(attrs);
    }

    private JsonNode resultOf(String tool) {
        for (StepResult r : results) {
            if (r.tool().equals(tool)) {
                return r.result();
            }
        }
        return null;
    }

    private static Move.Call call(String tool) {
        return new Move.Call(tool, Json.object());
    }
}
