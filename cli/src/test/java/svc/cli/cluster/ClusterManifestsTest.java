package svc.cli.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.config.Yaml;
import svc.core.cluster.ClusterSettings;
import svc.governance.signing.Ed25519Signer;
import tools.jackson.databind.MappingIterator;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The checked-in ways to run svc as a cluster: the Kubernetes manifests under
 * {@code cluster/kubernetes/} (read into fabric8's model) and {@code cluster/compose.yaml} (read
 * as a tree), each checked for what a three-node cluster needs, including that every node's
 * settings pass the start check {@code svc server} makes when seeds are set.
 */
class ClusterManifestsTest {

    private static final Path CLUSTER = Path.of("../cluster").toAbsolutePath().normalize();
    private static final YAMLMapper YAML = YAMLMapper.builder().build();

    @TempDir
    Path keys;

    @Test
    void theStatefulSetFormsAClusterFromItsHeadlessServiceWithSharedSettingsFromSecrets() throws Exception {
        List<HasMetadata> all = new ArrayList<>();
        StatefulSet set = one(read("statefulset.yaml"), StatefulSet.class, all);
        List<Map<String, Object>> services = read("services.yaml");
        Service headless = YAML.convertValue(services.get(0), Service.class);
        Service api = YAML.convertValue(services.get(1), Service.class);
        GenericKubernetesResource pdb = one(read("pdb.yaml"), GenericKubernetesResource.class, all);
        List<Map<String, Object>> secretDocs = read("secret.example.yaml");
        Secret shared = YAML.convertValue(secretDocs.get(0), Secret.class);
        Secret signing = YAML.convertValue(secretDocs.get(1), Secret.class);

        Map<String, String> podLabels =
                set.getSpec().getTemplate().getMetadata().getLabels();
        assertThat(set.getSpec().getSelector().getMatchLabels()).isEqualTo(podLabels);
        int replicas = set.getSpec().getReplicas();
        assertThat(replicas).isEqualTo(3);

        // Stable seed names come from the headless service, published before the pods are ready.
        assertThat(set.getSpec().getServiceName())
                .isEqualTo(headless.getMetadata().getName());
        assertThat(headless.getSpec().getClusterIP()).isEqualTo("None");
        assertThat(headless.getSpec().getPublishNotReadyAddresses()).isTrue();
        assertThat(headless.getSpec().getSelector()).isEqualTo(podLabels);
        assertThat(api.getSpec().getSelector()).isEqualTo(podLabels);

        Container c = set.getSpec().getTemplate().getSpec().getContainers().get(0);
        Map<String, Integer> ports = new HashMap<>();
        c.getPorts().forEach(p -> ports.put(p.getName(), p.getContainerPort()));
        assertThat(ports).containsEntry("http", 8000).containsEntry("remoting", 25520);
        assertThat(headless.getSpec().getPorts().get(0).getTargetPort().getStrVal())
                .isEqualTo("remoting");
        assertThat(api.getSpec().getPorts().get(0).getTargetPort().getStrVal()).isEqualTo("http");

        Map<String, EnvVar> env = new LinkedHashMap<>();
        c.getEnv().forEach(e -> env.put(e.getName(), e));
        String headlessName = headless.getMetadata().getName();
        List<String> seeds = new ArrayList<>();
        for (int i = 0; i < replicas; i++) {
            seeds.add(set.getMetadata().getName() + "-" + i + "." + headlessName + ":" + ports.get("remoting"));
        }
        assertThat(env.get("SVC_CLUSTER_SEEDS").getValue()).isEqualTo(String.join(",", seeds));
        assertThat(env.get("SVC_CLUSTER_HOST").getValue()).isEqualTo("$(POD_NAME)." + headlessName);
        assertThat(env.get("POD_NAME").getValueFrom().getFieldRef().getFieldPath())
                .isEqualTo("metadata.name");
        assertThat(env.get("SVC_CLUSTER_PORT").getValue())
                .isEqualTo(ports.get("remoting").toString());

        // The database, the token secret and the object store's credentials come from the Secret.
        for (String name : List.of(
                "SVC_DB_URL",
                "SVC_DB_USER",
                "SVC_DB_PASSWORD",
                "SVC_JWT_SECRET",
                "AWS_ACCESS_KEY_ID",
                "AWS_SECRET_ACCESS_KEY")) {
            var ref = env.get(name).getValueFrom().getSecretKeyRef();
            assertThat(ref.getName()).as(name).isEqualTo(shared.getMetadata().getName());
            assertThat(shared.getStringData()).as(name).containsKey(ref.getKey());
        }
        // The signing key pair is a Secret volume mounted where SVC_SIGNING_KEY_DIR points.
        String keyDir = env.get("SVC_SIGNING_KEY_DIR").getValue();
        VolumeMount mount = c.getVolumeMounts().stream()
                .filter(m -> m.getMountPath().equals(keyDir))
                .findFirst()
                .orElseThrow();
        Volume volume = set.getSpec().getTemplate().getSpec().getVolumes().stream()
                .filter(v -> v.getName().equals(mount.getName()))
                .findFirst()
                .orElseThrow();
        assertThat(volume.getSecret().getSecretName())
                .isEqualTo(signing.getMetadata().getName());
        assertThat(signing.getStringData()).containsKeys(Ed25519Signer.PRIVATE_FILE, Ed25519Signer.PUBLIC_FILE);

        assertThat(c.getReadinessProbe().getHttpGet().getPath()).isEqualTo("/livez");
        assertThat(c.getReadinessProbe().getHttpGet().getPort().getStrVal()).isEqualTo("http");
        assertThat(c.getLivenessProbe().getHttpGet().getPath()).isEqualTo("/healthz");
        assertThat(c.getResources().getLimits()).containsKeys("cpu", "memory");
        assertThat(c.getSecurityContext().getReadOnlyRootFilesystem()).isTrue();
        assertThat(c.getVolumeMounts()).extracting(VolumeMount::getMountPath).contains("/tmp", "/var/lib/svc");

        // Disruptions keep a majority, so keep-majority never downs the nodes that are left.
        assertThat(pdb.getKind()).isEqualTo("PodDisruptionBudget");
        assertThat(pdb.getApiVersion()).isEqualTo("policy/v1");
        @SuppressWarnings("unchecked")
        Map<String, Object> pdbSpec =
                (Map<String, Object>) pdb.getAdditionalProperties().get("spec");
        assertThat(((Number) pdbSpec.get("minAvailable")).intValue()).isEqualTo(replicas / 2 + 1);
        assertThat(pdbSpec.get("selector")).isEqualTo(Map.of("matchLabels", podLabels));

        // What a pod's environment holds passes the start check of `svc server` with seeds set.
        Map<String, String> resolved = new HashMap<>();
        env.forEach((name, e) -> resolved.put(
                name,
                e.getValueFrom() != null && e.getValueFrom().getSecretKeyRef() != null
                        ? shared.getStringData()
                                .get(e.getValueFrom().getSecretKeyRef().getKey())
                        : e.getValue()));
        resolved.put("SVC_SIGNING_KEY_DIR", keyPair().toString());
        assertThat(startCheck(resolved)).isEmpty();
    }

    @Test
    void theComposeFileRunsThreeNodesOnePostgresAndOneS3Server() throws Exception {
        JsonNode compose = Yaml.MAPPER.readTree(Files.readString(CLUSTER.resolve("compose.yaml")));
        JsonNode services = compose.path("services");
        assertThat(services.path("postgres").path("image").asText()).startsWith("postgres:");
        assertThat(services.path("s3").path("image").asText()).startsWith("minio/minio:");
        List<String> nodes = List.of("svc1", "svc2", "svc3");
        String seeds = String.join(",", nodes.stream().map(n -> n + ":25520").toList());
        for (String node : nodes) {
            JsonNode s = services.path(node);
            assertThat(s.path("build").path("dockerfile").asText()).isEqualTo("cluster/Dockerfile");
            assertThat(Files.exists(CLUSTER.resolve("Dockerfile"))).isTrue();
            assertThat(s.path("hostname").asText()).isEqualTo(node);
            assertThat(s.path("depends_on").path("postgres").path("condition").asText())
                    .isEqualTo("service_healthy");
            assertThat(s.path("depends_on").path("bucket").path("condition").asText())
                    .isEqualTo("service_completed_successfully");
            Map<String, String> env = new HashMap<>();
            s.path("environment")
                    .properties()
                    .forEach(e -> env.put(e.getKey(), e.getValue().asText()));
            assertThat(env)
                    .containsEntry("SVC_CLUSTER_SEEDS", seeds)
                    .containsEntry("SVC_CLUSTER_HOST", node)
                    .containsEntry("SVC_DB_URL", "jdbc:postgresql://postgres:5432/svc")
                    .containsEntry("SVC_S3_ENDPOINT", "http://s3:9000");
            assertThat(env.get("SVC_ARTIFACT_STORE")).startsWith("s3://");
            assertThat(s.path("volumes").get(0).asText()).isEqualTo("./keys:" + env.get("SVC_SIGNING_KEY_DIR") + ":ro");
            assertThat(s.path("healthcheck").path("test").toString()).contains("/livez");
            env.put("SVC_SIGNING_KEY_DIR", keyPair().toString());
            assertThat(startCheck(env)).as(node).isEmpty();
        }
        assertThat(services.path("bucket").path("entrypoint").toString()).contains("svc-artifacts");
    }

    /** What {@code svc server} would refuse to start without, for this environment. */
    private static List<String> startCheck(Map<String, String> env) {
        Map<String, Object> settings = new HashMap<>();
        settings.put("svc.cluster.seeds", env.get("SVC_CLUSTER_SEEDS"));
        settings.put("svc.db.url", env.get("SVC_DB_URL"));
        Config config = ConfigFactory.parseMap(settings).withFallback(ConfigFactory.load());
        return ClusterSettings.fromConfig(config).missingForCluster(config, env);
    }

    private Path keyPair() {
        if (!Files.exists(keys.resolve(Ed25519Signer.PRIVATE_FILE))) {
            Ed25519Signer.generate(keys, Clock.systemUTC());
        }
        return keys;
    }

    private static List<Map<String, Object>> read(String file) throws IOException {
        List<Map<String, Object>> docs = new ArrayList<>();
        try (MappingIterator<Map<String, Object>> it = YAML.readerFor(Map.class)
                .readValues(Files.readString(CLUSTER.resolve("kubernetes").resolve(file)))) {
            while (it.hasNext()) {
                docs.add(it.next());
            }
        }
        return docs;
    }

    private static <T extends HasMetadata> T one(List<Map<String, Object>> docs, Class<T> type, List<HasMetadata> all) {
        assertThat(docs).hasSize(1);
        T resource = YAML.convertValue(docs.get(0), type);
        all.add(resource);
        return resource;
    }
}
