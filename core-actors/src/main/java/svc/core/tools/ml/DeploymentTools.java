package svc.core.tools.ml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import svc.config.Json;
import svc.core.task.DeploymentPort;
import svc.core.task.ModelNames;
import svc.core.tools.SimpleTool;
import svc.core.tools.Tool;
import svc.core.tools.ToolContext;
import svc.core.tools.ToolResult;
import svc.ml.deploy.DeploymentSpec;
import svc.ml.deploy.DockerfileWriter;
import svc.ml.deploy.KubernetesManifests;
import svc.ml.deploy.ManifestValidator;
import svc.ml.deploy.ManifestYaml;

/** The deployment team's tools: the container definition, the manifests, the registration. */
final class DeploymentTools {

    private DeploymentTools() {}

    private static final Set<String> ROLES = Set.of("champion", "challenger", "shadow");

    static List<Tool> all(DeploymentPort deployments) {
        return List.of(
                new SimpleTool(
                        "build_container_image",
                        "Write the Dockerfile that serves the selected model with svc's inference "
                                + "runtime (pinned base image, non-root, health check).",
                        SimpleTool.schema("image_tag"),
                        DeploymentTools::dockerfile),
                new SimpleTool(
                        "generate_k8s_manifests",
                        "Write and validate Kubernetes manifests (Deployment with probes and resources, "
                                + "Service, HorizontalPodAutoscaler, ConfigMap) under k8s/.",
                        SimpleTool.schema("replicas:integer"),
                        DeploymentTools::manifests),
                new SimpleTool(
                        "register_model_deployment",
                        "Register the selected model as a deployment of its model name (default: the dataset"
                                + " file's name as a slug): champion when the name has none, else shadow, unless"
                                + " role says champion, challenger (traffic_pct its share) or shadow; writes"
                                + " deployment.json.",
                        SimpleTool.schema("name", "role", "environment", "traffic_pct:integer"),
                        (ctx, args) -> register(deployments, ctx, args)));
    }

    private static DeploymentSpec spec(RunWorkspace ws, String tag) {
        String runId = ws.brief().path("runId").asText();
        String modelId = ReportTools.modelId(runId, ws.selectedName());
        DeploymentSpec spec = DeploymentSpec.of(
                modelId, runId, "svc-model", tag == null || tag.isBlank() ? runId.replace("run-", "") : tag);
        // Group thresholds chosen by a fairness mitigation travel with the model as configuration.
        return EvaluationTools.thresholdPolicy(ws, ws.selectedName())
                .map(p -> {
                    Map<String, Double> t = new LinkedHashMap<>();
                    p.thresholds().forEach((group, value) -> t.put(p.attribute() + "_" + group, value));
                    return spec.withThresholds(t);
                })
                .orElse(spec);
    }

    private static ToolResult dockerfile(ToolContext ctx, JsonNode args) {
        RunWorkspace ws = new RunWorkspace(ctx.runDir());
        DeploymentSpec spec = spec(ws, args.path("image_tag").asText(null));
        String dockerfile = DockerfileWriter.render(spec);
        ws.writeString("Dockerfile", dockerfile);
        ObjectNode out = Json.object()
                .put(
                        "summary",
                        "Dockerfile for image " + spec.image() + " on " + DockerfileWriter.BASE_IMAGE + ", user "
                                + DockerfileWriter.UID);
        out.put("image", spec.image());
        return ToolResult.ok(out, Map.of("deployment.image", spec.image()));
    }

    private static ToolResult manifests(ToolContext ctx, JsonNode args) {
        RunWorkspace ws = new RunWorkspace(ctx.runDir());
        DeploymentSpec spec = spec(ws, null);
        KubernetesManifests manifests = KubernetesManifests.build(spec);
        List<String> problems = ManifestValidator.validate(manifests);
        if (!problems.isEmpty()) {
            return ToolResult.error("the manifests do not validate: " + problems);
        }
        ManifestYaml.write(manifests).forEach((file, yaml) -> ws.writeString("k8s/" + file, yaml));
        ObjectNode out = Json.object()
                .put(
                        "summary",
                        "k8s/ " + ManifestYaml.write(manifests).keySet() + " written and validated for "
                                + spec.resourceName());
        return ToolResult.ok(out, Map.of("deployment.resource", spec.resourceName()));
    }

    private static ToolResult register(DeploymentPort deployments, ToolContext ctx, JsonNode args) throws Exception {
        RunWorkspace ws = new RunWorkspace(ctx.runDir());
        String runId = ws.brief().path("runId").asText();
        String model = ReportTools.modelId(runId, ws.selectedName());
        String name = args.path("name").asText("");
        if (name.isBlank()) {
            name = ModelNames.ofDataset(ws.datasetPath());
        } else if (!ModelNames.valid(name)) {
            return ToolResult.error("name must be lower-case letters, digits, '_' or '-' (at most 64), got " + name);
        }
        String role = args.path("role").asText("");
        if (!role.isEmpty() && !ROLES.contains(role)) {
            return ToolResult.error("role must be champion, challenger or shadow, got " + role);
        }
        Integer traffic =
                args.hasNonNull("traffic_pct") ? args.path("traffic_pct").asInt() : null;
        if (traffic != null && (traffic < 0 || traffic > 100)) {
            return ToolResult.error("traffic_pct must be between 0 and 100, got " + traffic);
        }
        String environment = args.path("environment").asText("staging");
        // One registration per run: the tool run again after a crash finds its deployment.
        String deploymentId = "dep-" + runId.replace("run-", "");
        DeploymentPort.Registered registered;
        try {
            registered = deployments
                    .register(new DeploymentPort.Registration(
                            name,
                            deploymentId,
                            model,
                            runId,
                            null,
                            role.isEmpty() ? null : role,
                            traffic,
                            environment,
                            "run:" + runId))
                    .toCompletableFuture()
                    .get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            return ToolResult.error("the deployment of " + model + " as " + name + " was refused: "
                    + (e.getCause() == null ? e.getMessage() : e.getCause().getMessage()));
        }
        ObjectNode record = Json.object()
                .put("deployment_id", registered.deploymentId())
                .put("model", model)
                .put("model_name", name)
                .put("state", registered.state())
                .put("traffic_pct", registered.trafficPct())
                .put("environment", registered.environment())
                .put("status", "registered")
                .put("registered_at", Instant.now().toString())
                .put("dataset_id", ws.datasetId());
        ws.writeJson("deployment.json", record);
        ObjectNode out = record.deepCopy()
                .put(
                        "summary",
                        "registered " + model + " as " + registered.deploymentId() + " of " + name + " ("
                                + registered.state() + ", " + registered.trafficPct() + " % in "
                                + registered.environment() + ")");
        return ToolResult.ok(
                out,
                Map.of(
                        "deployment.id",
                        registered.deploymentId(),
                        "deployment.environment",
                        registered.environment(),
                        "deployment.traffic_pct",
                        registered.trafficPct(),
                        "deployment.model_name",
                        name,
                        "deployment.state",
                        registered.state()));
    }
}
