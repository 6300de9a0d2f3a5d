package svc.ml.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.config.Yaml;

class KubernetesManifestsTest {

    private static DeploymentSpec spec() {
        Map<String, Double> thresholds = new LinkedHashMap<>();
        thresholds.put("decision", 0.5);
        thresholds.put("sex=Female", 0.4725);
        return DeploymentSpec.of("Model_42.v1", "run-adult-0042", "registry.example/svc-model", "1.4.2")
                .withThresholds(thresholds);
    }

    private static Container container(Deployment d) {
        return d.getSpec().getTemplate().getSpec().getContainers().get(0);
    }

    @Test
    void builtManifestsPassValidation() {
        KubernetesManifests m = KubernetesManifests.build(spec());
        assertThat(ManifestValidator.validate(m)).isEmpty();
        assertThat(m.deployment().getMetadata().getName()).isEqualTo("svc-model-model-42-v1");
        Container c = container(m.deployment());
        assertThat(c.getLivenessProbe().getHttpGet().getPath()).isEqualTo("/healthz");
        assertThat(c.getReadinessProbe().getHttpGet().getPath()).isEqualTo("/livez");
        assertThat(c.getSecurityContext().getRunAsUser()).isEqualTo(10001L);
        assertThat(c.getResources().getLimits()).containsKeys("cpu", "memory");
        assertThat(m.autoscaler().getApiVersion()).isEqualTo("autoscaling/v2");
        assertThat(m.configMap().getData())
                .containsEntry("SVC_MODEL_ID", "Model_42.v1")
                .containsEntry("SVC_THRESHOLD_SEX_FEMALE", "0.4725")
                .containsEntry("SVC_MODEL_DIR", "/models/Model_42.v1");
    }

    @Test
    void yamlRoundTripsThroughFabric8() {
        KubernetesManifests m = KubernetesManifests.build(spec());
        Map<String, String> files = ManifestYaml.write(m);
        assertThat(files).containsOnlyKeys("deployment.yaml", "service.yaml", "hpa.yaml", "configmap.yaml");
        assertThat(files.get("deployment.yaml"))
                .startsWith("apiVersion: apps/v1")
                .contains("kind: Deployment")
                .contains("readOnlyRootFilesystem: true")
                .contains("- ALL");
        KubernetesManifests back = ManifestYaml.read(files);
        assertThat(back).isEqualTo(m);
        assertThat(ManifestValidator.validate(back)).isEmpty();
    }

    @Test
    void configMapValuesStayStringsInYaml() throws Exception {
        String yaml = ManifestYaml.write(KubernetesManifests.build(spec())).get("configmap.yaml");
        JsonNode data = Yaml.MAPPER.readTree(yaml).get("data");
        // the API server refuses non-string ConfigMap data: 8080 and 0.5 must be quoted
        assertThat(data.get("SVC_PORT").isTextual()).isTrue();
        assertThat(data.get("SVC_THRESHOLD_DECISION").isTextual()).isTrue();
    }

    @Test
    void validatorNamesBrokenSelectorsPortsAndSecurity() {
        KubernetesManifests m = KubernetesManifests.build(spec());
        m.service().getSpec().setSelector(Map.of("app.kubernetes.io/instance", "someone-else"));
        m.service().getSpec().getPorts().get(0).setTargetPort(new IntOrString("metrics"));
        Container c = container(m.deployment());
        c.getLivenessProbe().getHttpGet().setPort(new IntOrString(9090));
        c.getSecurityContext().setAllowPrivilegeEscalation(true);
        c.getResources().getLimits().remove("memory");
        m.autoscaler().getSpec().getScaleTargetRef().setName("other");
        m.configMap().getMetadata().setName("Bad_Name");
        List<String> problems = ManifestValidator.validate(m);
        assertThat(problems)
                .anyMatch(p -> p.contains("selector") && p.contains("selects no pod"))
                .anyMatch(p -> p.contains("targetPort metrics"))
                .anyMatch(p -> p.contains("livenessProbe port 9090"))
                .anyMatch(p -> p.contains("allowPrivilegeEscalation"))
                .anyMatch(p -> p.contains("memory request and limit"))
                .anyMatch(p -> p.contains("scaleTargetRef Deployment/other"))
                .anyMatch(p -> p.contains("ConfigMap Bad_Name: metadata.name is not a DNS-1123 label"))
                .anyMatch(p -> p.contains("envFrom refers to ConfigMap"));
    }

    @Test
    void specRefusesWhatWouldBreakTheRollout() {
        assertThatThrownBy(() -> DeploymentSpec.of("m1", "r1", "registry.example/svc", "latest"))
                .hasMessageContaining("image_tag 'latest'");
        assertThatThrownBy(() ->
                        new DeploymentSpec("m1", "r1", "img", "1.0", 2, 5, 80, "250m", "1", "512Mi", "1Gi", 70, null))
                .hasMessageContaining("port 80");
        assertThatThrownBy(() ->
                        new DeploymentSpec("m1", "r1", "img", "1.0", 2, 5, 8080, "2", "1", "512Mi", "1Gi", 70, null))
                .hasMessageContaining("cpu request 2 is above its limit 1");
        assertThatThrownBy(() ->
                        new DeploymentSpec("m1", "r1", "img", "1.0", 3, 2, 8080, "1", "1", "1Gi", "1Gi", 70, null))
                .hasMessageContaining("replicas");
        assertThatThrownBy(() -> DeploymentSpec.of("m 1;rm", "r1", "img", "1.0"))
                .hasMessageContaining("model_id");
    }

    @Test
    void longModelIdsStillGiveDns1123Names() {
        DeploymentSpec s = DeploymentSpec.of("X".repeat(100) + "-", "r1", "img", "1.0");
        assertThat(s.resourceName()).hasSizeLessThanOrEqualTo(63).matches("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
        assertThat(ManifestValidator.validate(KubernetesManifests.build(s))).isEmpty();
    }

    @Test
    void artefactsAreWrittenUnderTheRunDirectory(@TempDir Path run) throws Exception {
        List<Path> written = DeploymentArtifacts.write(run, spec());
        assertThat(written)
                .containsExactly(
                        run.resolve("Dockerfile"),
                        run.resolve("k8s/configmap.yaml"),
                        run.resolve("k8s/deployment.yaml"),
                        run.resolve("k8s/service.yaml"),
                        run.resolve("k8s/hpa.yaml"));
        Map<String, String> files = new LinkedHashMap<>();
        for (String f : List.of("deployment.yaml", "service.yaml", "hpa.yaml", "configmap.yaml")) {
            files.put(f, Files.readString(run.resolve("k8s").resolve(f)));
        }
        assertThat(ManifestValidator.validate(ManifestYaml.read(files))).isEmpty();
    }
}
