package svc.ml.deploy;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.ProbeBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscalerBuilder;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The four Kubernetes objects that run one model, built with the fabric8 model so that field
 * names and nesting are the API's own.
 */
public record KubernetesManifests(
        Deployment deployment, Service service, HorizontalPodAutoscaler autoscaler, ConfigMap configMap) {

    /** Name of the container port; probes and the Service refer to it. */
    public static final String PORT_NAME = "http";

    static final String CONTAINER = "model-server";

    public static KubernetesManifests build(DeploymentSpec spec) {
        String name = spec.resourceName();
        Map<String, String> selector = new LinkedHashMap<>();
        selector.put("app.kubernetes.io/name", "svc-model");
        selector.put("app.kubernetes.io/instance", name);
        Map<String, String> labels = new LinkedHashMap<>(selector);
        labels.put("app.kubernetes.io/component", "inference");
        labels.put("app.kubernetes.io/version", spec.imageTag());
        labels.put("app.kubernetes.io/managed-by", "svc");
        labels.put("svc.dev/model-id", labelValue(spec.modelId()));
        labels.put("svc.dev/run-id", labelValue(spec.runId()));
        return new KubernetesManifests(
                deployment(spec, name, selector, labels),
                service(spec, name, selector, labels),
                autoscaler(spec, name, labels),
                configMap(spec, name, labels));
    }

    private static Deployment deployment(
            DeploymentSpec spec, String name, Map<String, String> selector, Map<String, String> labels) {
        long uid = DockerfileWriter.UID;
        return new DeploymentBuilder()
                .withNewMetadata()
                .withName(name)
                .withLabels(labels)
                .endMetadata()
                .withNewSpec()
                .withReplicas(spec.replicas())
                .withNewSelector()
                .withMatchLabels(selector)
                .endSelector()
                .withNewStrategy()
                .withType("RollingUpdate")
                .withNewRollingUpdate()
                .withMaxUnavailable(new IntOrString(0))
                .withMaxSurge(new IntOrString(1))
                .endRollingUpdate()
                .endStrategy()
                .withNewTemplate()
                .withNewMetadata()
                .withLabels(labels)
                .endMetadata()
                .withNewSpec()
                .withAutomountServiceAccountToken(false)
                .withNewSecurityContext()
                .withRunAsNonRoot(true)
                .withRunAsUser(uid)
                .withRunAsGroup(uid)
                .withFsGroup(uid)
                .withNewSeccompProfile()
                .withType("RuntimeDefault")
                .endSeccompProfile()
                .endSecurityContext()
                .addNewContainer()
                .withName(CONTAINER)
                .withImage(spec.image())
                .withImagePullPolicy("IfNotPresent")
                .addNewPort()
                .withName(PORT_NAME)
                .withContainerPort(spec.port())
                .withProtocol("TCP")
                .endPort()
                .addNewEnvFrom()
                .withNewConfigMapRef()
                .withName(name)
                .endConfigMapRef()
                .endEnvFrom()
                .withNewResources()
                .addToRequests("cpu", new Quantity(spec.cpuRequest()))
                .addToRequests("memory", new Quantity(spec.memoryRequest()))
                .addToLimits("cpu", new Quantity(spec.cpuLimit()))
                .addToLimits("memory", new Quantity(spec.memoryLimit()))
                .endResources()
                .withLivenessProbe(probe("/healthz", spec.port(), 30, 3))
                .withReadinessProbe(probe("/livez", spec.port(), 10, 2))
                .withNewSecurityContext()
                .withRunAsNonRoot(true)
                .withRunAsUser(uid)
                .withReadOnlyRootFilesystem(true)
                .withAllowPrivilegeEscalation(false)
                .withNewCapabilities()
                .addToDrop("ALL")
                .endCapabilities()
                .endSecurityContext()
                // the root filesystem is read-only; the JVM still needs a scratch directory
                .addNewVolumeMount()
                .withName("tmp")
                .withMountPath("/tmp")
                .endVolumeMount()
                .endContainer()
                .addNewVolume()
                .withName("tmp")
                .withNewEmptyDir()
                .withMedium("Memory")
                .withSizeLimit(new Quantity("64Mi"))
                .endEmptyDir()
                .endVolume()
                .endSpec()
                .endTemplate()
                .endSpec()
                .build();
    }

    private static Probe probe(String path, int port, int initialDelay, int failures) {
        return new ProbeBuilder()
                .withNewHttpGet()
                .withPath(path)
                .withPort(new IntOrString(port))
                .endHttpGet()
                .withInitialDelaySeconds(initialDelay)
                .withPeriodSeconds(10)
                .withTimeoutSeconds(2)
                .withFailureThreshold(failures)
                .build();
    }

    private static Service service(
            DeploymentSpec spec, String name, Map<String, String> selector, Map<String, String> labels) {
        return new ServiceBuilder()
                .withNewMetadata()
                .withName(name)
                .withLabels(labels)
                .endMetadata()
                .withNewSpec()
                .withType("ClusterIP")
                .withSelector(selector)
                .addNewPort()
                .withName(PORT_NAME)
                .withPort(80)
                .withTargetPort(new IntOrString(PORT_NAME))
                .withProtocol("TCP")
                .endPort()
                .endSpec()
                .build();
    }

    private static HorizontalPodAutoscaler autoscaler(DeploymentSpec spec, String name, Map<String, String> labels) {
        return new HorizontalPodAutoscalerBuilder()
                .withNewMetadata()
                .withName(name)
                .withLabels(labels)
                .endMetadata()
                .withNewSpec()
                .withNewScaleTargetRef()
                .withApiVersion("apps/v1")
                .withKind("Deployment")
                .withName(name)
                .endScaleTargetRef()
                .withMinReplicas(spec.replicas())
                .withMaxReplicas(spec.maxReplicas())
                .addNewMetric()
                .withType("Resource")
                .withNewResource()
                .withName("cpu")
                .withNewTarget()
                .withType("Utilization")
                .withAverageUtilization(spec.cpuTargetUtilization())
                .endTarget()
                .endResource()
                .endMetric()
                .endSpec()
                .build();
    }

    private static ConfigMap configMap(DeploymentSpec spec, String name, Map<String, String> labels) {
        Map<String, String> data = new LinkedHashMap<>();
        data.put("SVC_MODEL_ID", spec.modelId());
        data.put("SVC_RUN_ID", spec.runId());
        data.put("SVC_MODEL_DIR", spec.modelDir());
        data.put("SVC_PORT", Integer.toString(spec.port()));
        spec.thresholds().forEach((k, v) -> data.put(thresholdKey(k), Double.toString(v)));
        return new ConfigMapBuilder()
                .withNewMetadata()
                .withName(name)
                .withLabels(labels)
                .endMetadata()
                .withData(data)
                .build();
    }

    /** {@code decision} → {@code SVC_THRESHOLD_DECISION}; {@code sex=Female} → {@code SVC_THRESHOLD_SEX_FEMALE}. */
    static String thresholdKey(String name) {
        return "SVC_THRESHOLD_"
                + name.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]+", "_").replaceAll("^_|_$", "");
    }

    /** Label values are at most 63 characters of [A-Za-z0-9-_.], starting and ending alphanumeric. */
    private static String labelValue(String s) {
        String v = s.replaceAll("[^A-Za-z0-9._-]", "-");
        v = v.length() > 63 ? v.substring(0, 63) : v;
        return v.replaceAll("[^A-Za-z0-9]+$", "");
    }
}
