package svc.ml.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class DockerfileWriterTest {

    private final DeploymentSpec spec = DeploymentSpec.of("model-7", "run-9", "registry.example/svc-model", "2.0.1");
    private final String dockerfile = DockerfileWriter.render(spec);

    private String instruction(String keyword) {
        return dockerfile
                .lines()
                .filter(l -> l.startsWith(keyword + " "))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no " + keyword + " in\n" + dockerfile));
    }

    @Test
    void baseImageIsPinnedToAFullRelease() {
        // a full Temurin version (major.minor.patch_build), never a floating tag like 17-jre
        assertThat(instruction("FROM")).matches("FROM eclipse-temurin:\\d+\\.\\d+\\.\\d+_\\d+-jre");
    }

    @Test
    void runsAsANumericNonRootUser() {
        assertThat(instruction("USER")).matches("USER [1-9]\\d*:[1-9]\\d*");
        assertThat(dockerfile.indexOf("USER ")).isGreaterThan(dockerfile.lastIndexOf("COPY "));
    }

    @Test
    void servesTheModelWithTheSvcRuntime() {
        assertThat(dockerfile)
                .contains("COPY --chown=0:0 model/ /models/model-7/")
                .contains("svc.jar /opt/svc/svc.jar");
        assertThat(instruction("EXPOSE")).isEqualTo("EXPOSE 8080");
        assertThat(dockerfile).contains("HEALTHCHECK").contains("http://127.0.0.1:8080/healthz");
        // exec form, so signals reach the JVM: the ENTRYPOINT is a JSON array
        String entry = instruction("ENTRYPOINT").substring("ENTRYPOINT ".length());
        List<Object> args = List.of(new JsonMapper().readValue(entry, Object[].class));
        assertThat(args)
                .containsExactly(
                        "java",
                        "-jar",
                        "/opt/svc/svc.jar",
                        "serve-model",
                        "--model",
                        "/models/model-7",
                        "--port",
                        "8080");
    }
}
