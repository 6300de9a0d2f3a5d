package svc.ml.deploy;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.dataformat.yaml.YAMLMapper;
import tools.jackson.dataformat.yaml.YAMLWriteFeature;

/**
 * YAML for the manifests, with Jackson 3 (the Jackson fabric8 8 is built on). Strings that look
 * like numbers stay quoted: a ConfigMap value {@code 8080} unquoted would be an integer, which
 * the API server refuses.
 */
public final class ManifestYaml {

    /** File names under {@code k8s/}. */
    public static final String DEPLOYMENT = "deployment.yaml";

    public static final String SERVICE = "service.yaml";
    public static final String HPA = "hpa.yaml";
    public static final String CONFIGMAP = "configmap.yaml";

    private static final YAMLMapper YAML = YAMLMapper.builder()
            .disable(YAMLWriteFeature.WRITE_DOC_START_MARKER)
            .enable(YAMLWriteFeature.MINIMIZE_QUOTES)
            .enable(YAMLWriteFeature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
            .build();

    private ManifestYaml() {}

    /** File name → YAML text, in apply order (ConfigMap first: the Deployment reads it). */
    public static Map<String, String> write(KubernetesManifests m) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put(CONFIGMAP, YAML.writeValueAsString(m.configMap()));
        files.put(DEPLOYMENT, YAML.writeValueAsString(m.deployment()));
        files.put(SERVICE, YAML.writeValueAsString(m.service()));
        files.put(HPA, YAML.writeValueAsString(m.autoscaler()));
        return files;
    }

    /** Parses the four files back into fabric8 objects; a file that does not parse is named. */
    public static KubernetesManifests read(Map<String, String> files) {
        return new KubernetesManifests(
                parse(files, DEPLOYMENT, Deployment.class),
                parse(files, SERVICE, Service.class),
                parse(files, HPA, HorizontalPodAutoscaler.class),
                parse(files, CONFIGMAP, ConfigMap.class));
    }

    private static <T> T parse(Map<String, String> files, String name, Class<T> type) {
        String text = files.get(name);
        if (text == null) {
            throw new IllegalArgumentException("k8s/" + name + " is missing");
        }
        try {
            return YAML.readValue(text, type);
        } catch (JacksonException e) {
            throw new IllegalArgumentException(
                    "k8s/" + name + " is not a valid " + type.getSimpleName() + ": " + e.getOriginalMessage(), e);
        }
    }
}
