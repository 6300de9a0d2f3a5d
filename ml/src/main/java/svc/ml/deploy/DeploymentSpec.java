package svc.ml.deploy;

import io.fabric8.kubernetes.api.model.Quantity;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What to deploy and how big: the input of the Dockerfile and the manifests.
 *
 * @param modelId               the model to serve (its directory is {@code /models/<modelId>})
 * @param runId                 the run that produced it
 * @param imageName             image repository, e.g. {@code registry.example/svc-model}
 * @param imageTag              a pinned tag; {@code latest} is refused (a rollout must be repeatable)
 * @param replicas              replicas at rest (the autoscaler's minimum)
 * @param maxReplicas           the autoscaler's maximum
 * @param port                  container port; 1024 or above because the process runs as non-root
 * @param cpuRequest            e.g. {@code 250m}
 * @param cpuLimit              e.g. {@code 1}
 * @param memoryRequest         e.g. {@code 512Mi}
 * @param memoryLimit           e.g. {@code 1Gi}
 * @param cpuTargetUtilization  the autoscaler's CPU target, percent of the request
 * @param thresholds            decision thresholds served with the model (e.g. {@code decision},
 *                              or per-group thresholds from a fairness mitigation)
 */
public record DeploymentSpec(
        String modelId,
        String runId,
        String imageName,
        String imageTag,
        int replicas,
        int maxReplicas,
        int port,
        String cpuRequest,
        String cpuLimit,
        String memoryRequest,
        String memoryLimit,
        int cpuTargetUtilization,
        Map<String, Double> thresholds) {

    public DeploymentSpec {
        require(modelId, "model_id");
        require(runId, "run_id");
        require(imageName, "image_name");
        require(imageTag, "image_tag");
        for (String[] id : new String[][] {{"model_id", modelId}, {"run_id", runId}}) {
            if (!id[1].matches("[A-Za-z0-9][A-Za-z0-9._-]{0,127}")) {
                throw new IllegalArgumentException("deployment spec: " + id[0] + " '" + id[1]
                        + "' may only hold letters, digits, '.', '_' and '-' (it becomes a path, a label and "
                        + "an env value)");
            }
        }
        if (!imageName.matches("[a-z0-9]+([._/:-][a-z0-9]+)*")) {
            throw new IllegalArgumentException("deployment spec: image_name '" + imageName
                    + "' is not a valid image repository (lower-case letters, digits, '.', '_', '-', '/')");
        }
        if (imageTag.equals("latest") || !imageTag.matches("[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}")) {
            throw new IllegalArgumentException("deployment spec: image_tag '" + imageTag
                    + "' must be a pinned tag (not 'latest'; letters, digits, '_', '.', '-')");
        }
        if (replicas < 1 || maxReplicas < replicas) {
            throw new IllegalArgumentException(
                    "deployment spec: need 1 <= replicas <= max_replicas, got " + replicas + " and " + maxReplicas);
        }
        if (port < 1024 || port > 65535) {
            throw new IllegalArgumentException("deployment spec: port " + port
                    + " must be in 1024..65535 (the container runs as non-root and cannot bind lower ports)");
        }
        if (cpuTargetUtilization < 1 || cpuTargetUtilization > 100) {
            throw new IllegalArgumentException(
                    "deployment spec: cpu_target_utilization must be 1..100 percent, got " + cpuTargetUtilization);
        }
        checkPair("cpu", cpuRequest, cpuLimit);
        checkPair("memory", memoryRequest, memoryLimit);
        thresholds = thresholds == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(thresholds));
    }

    /** Defaults sized for a small tabular model: 2 to 5 replicas, 250m-1 CPU, 512Mi-1Gi. */
    public static DeploymentSpec of(String modelId, String runId, String imageName, String imageTag) {
        return new DeploymentSpec(
                modelId,
                runId,
                imageName,
                imageTag,
                2,
                5,
                8080,
                "250m",
                "1",
                "512Mi",
                "1Gi",
                70,
                Map.of("decision", 0.5));
    }

    /** The same spec with other thresholds. */
    public DeploymentSpec withThresholds(Map<String, Double> newThresholds) {
        return new DeploymentSpec(
                modelId,
                runId,
                imageName,
                imageTag,
                replicas,
                maxReplicas,
                port,
                cpuRequest,
                cpuLimit,
                memoryRequest,
                memoryLimit,
                cpuTargetUtilization,
                newThresholds);
    }

    /**
     * The Kubernetes name of everything deployed: {@code svc-model-<model id>} lower-cased, other
     * characters as '-', cut to 63 characters (a DNS-1123 label).
     */
    public String resourceName() {
        String s = ("svc-model-" + modelId).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]+", "-");
        if (s.length() > 63) {
            s = s.substring(0, 63);
        }
        return s.replaceAll("-+$", "");
    }

    /** Directory of the model inside the image. */
    public String modelDir() {
        return "/models/" + modelId;
    }

    public String image() {
        return imageName + ":" + imageTag;
    }

    private static void checkPair(String resource, String request, String limit) {
        require(request, resource + "_request");
        require(limit, resource + "_limit");
        try {
            if (Quantity.parse(request).compareTo(Quantity.parse(limit)) > 0) {
                throw new IllegalArgumentException(
                        "deployment spec: " + resource + " request " + request + " is above its limit " + limit);
            }
        } catch (IllegalArgumentException | ArithmeticException e) {
            if (e.getMessage() != null && e.getMessage().startsWith("deployment spec")) {
                throw e;
            }
            throw new IllegalArgumentException(
                    "deployment spec: " + resource + " quantities '" + request + "' and '" + limit
                            + "' must be Kubernetes quantities such as 250m, 1, 512Mi",
                    e);
        }
    }

    private static void require(String value, String field) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("deployment spec: " + field + " is required");
        }
    }
}
