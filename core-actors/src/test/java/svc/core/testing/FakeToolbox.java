package svc.core.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import svc.config.Json;
import svc.core.tools.Tool;
import svc.core.tools.ToolContext;
import svc.core.tools.ToolRegistry;
import svc.core.tools.ToolResult;
import svc.library.roster.ToolCatalog;

/**
 * Test double for the ML tools: every catalogue tool answers at once with the facts the stage
 * plans rely on, counts its calls, and can be told to fail fairness or to hold training until
 * released, so tests can steer routers and crash a run in the middle of a step.
 */
public final class FakeToolbox {

    private final Map<String, Map<String, AtomicInteger>> calls = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> fairnessFailuresLeft = new ConcurrentHashMap<>();
    /** How many fairness audits fail before one passes, for runs that start from now on. */
    public volatile int fairnessFailures;
    /** When set, train_model waits here until the test counts it down. */
    public volatile CountDownLatch holdTraining;
    /** Counted down when train_model starts, so a test knows training is under way. */
    public volatile CountDownLatch trainingStarted = new CountDownLatch(1);

    public int callsTo(String runId, String tool) {
        return calls.getOrDefault(runId, Map.of())
                .getOrDefault(tool, new AtomicInteger())
                .get();
    }

    public ToolRegistry registry() {
        ToolRegistry registry = new ToolRegistry();
        for (ToolCatalog t : ToolCatalog.values()) {
            registry.register(tool(t.toolName(), t.description()));
        }
        return registry;
    }

    private Tool tool(String name, String description) {
        return new Tool() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String description() {
                return description;
            }

            @Override
            public String inputSchemaJson() {
                return "{\"type\":\"object\"}";
            }

            @Override
            public ToolResult invoke(ToolContext context, JsonNode args) throws Exception {
                calls.computeIfAbsent(context.runId(), k -> new ConcurrentHashMap<>())
                        .computeIfAbsent(name, k -> new AtomicInteger())
                        .incrementAndGet();
                return answer(context.runId(), name, args);
            }
        };
    }

    private ToolResult answer(String runId, String name, JsonNode args) throws InterruptedException {
        ObjectNode out = Json.object().put("summary", name + " done");
        Map<String, Object> facts = ToolResult.newFacts();
        switch (name) {
            case "inspect_dataset" -> {
                out.put("target", "y").put("task", "binary").put("rows", 100);
                out.putArray("sensitive_attributes").add("sex");
                facts.put("dataset.target", "y");
                facts.put("task.type", "binary");
                facts.put("dataset.rows", 100);
                facts.put("dataset.sensitive", "sex");
                facts.put("dataset.id", "ds-fake");
                facts.put("dataset.sha256", "0".repeat(64));
            }
            case "validate_dataset" -> out.put("valid", true);
            case "register_model_deployment" -> {
                facts.put("deployment.id", "dep-" + runId);
                facts.put("deployment.environment", "staging");
                facts.put("deployment.traffic_pct", 100);
            }
            case "detect_leakage" -> out.putArray("leaky_columns").add("leak");
            case "recommend_learners" -> {
                out.putArray("learners").add("linear").add("random_forest").add("xgboost");
                facts.put("algorithm.learners", "linear,random_forest,xgboost");
            }
            case "train_model" -> {
                trainingStarted.countDown();
                CountDownLatch hold = holdTraining;
                if (hold != null) {
                    hold.await(60, TimeUnit.SECONDS);
                }
                String learner = args.path("learner").asText();
                facts.put("training.candidate." + learner + ".score", learner.equals("xgboost") ? 0.9 : 0.8);
            }
            case "select_model" -> {
                out.put("selected", args.path("learner").asText());
                facts.put("model.selected", args.path("learner").asText());
                facts.put(
                        "model.id",
                        "model-" + runId + "-" + args.path("learner").asText().replace("+", "-"));
            }
            case "audit_fairness" -> {
                boolean passed = fairnessFailuresLeft
                                .computeIfAbsent(runId, k -> new AtomicInteger(fairnessFailures))
                                .getAndDecrement()
                        <= 0;
                out.put("gate_passed", passed);
                facts.put("fairness.gate_passed", passed);
                facts.put("fairness.worst_attribute", "sex");
            }
            case "mitigate_bias" -> {
                String method = args.path("method").asText();
                facts.put("mitigation.method", method);
                facts.put("model.mitigated", "xgboost+" + method);
                if (method.equals("group_thresholds")) {
                    facts.put("mitigation.applied", true);
                }
            }
            default -> {}
        }
        return ToolResult.ok(out, facts);
    }
}
