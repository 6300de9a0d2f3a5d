package svc.config;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

/**
 * The YAML sibling of {@link Json}: the same features and the same reading rules, plus the shape
 * of YAML svc writes, which is the shape people write: no {@code ---} document marker and quotes
 * only where a value needs them.
 *
 * <p>{@link #MAPPER} writes YAML (manifests, ship output) and reads trees leniently; {@link
 * #HAND_WRITTEN} binds the files people write by hand (library assets, {@code deployment.yaml}):
 * snake_case names, and an unknown field, a duplicate key or a {@code null} for a number is an
 * error naming it.
 *
 * <p>The Kubernetes manifests are the one YAML outside this factory: fabric8's model is built on
 * Jackson 3, so {@code svc.ml.deploy.ManifestYaml} writes them with Jackson 3's mapper.
 */
public final class Yaml {

    /** Writes YAML as people write it; reads trees leniently. */
    public static final ObjectMapper MAPPER = Json.common(builder())
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    /** Strict binding with snake_case names, for hand-written files. */
    public static final ObjectMapper HAND_WRITTEN = Json.handWritten(builder()).build();

    private Yaml() {}

    private static YAMLMapper.Builder builder() {
        return YAMLMapper.builder()
                .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES);
    }
}
