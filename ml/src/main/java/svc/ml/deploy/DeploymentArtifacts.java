package svc.ml.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import svc.config.io.AtomicFiles;

/**
 * Writes a run's deployment artefacts: {@code Dockerfile} and {@code k8s/*.yaml}. Refuses to
 * write manifests that fail {@link ManifestValidator}, so a bad spec never reaches disk.
 */
public final class DeploymentArtifacts {

    private DeploymentArtifacts() {}

    /** Writes into {@code runDir} and returns the paths written, Dockerfile first. */
    public static List<Path> write(Path runDir, DeploymentSpec spec) {
        KubernetesManifests manifests = KubernetesManifests.build(spec);
        List<String> problems = ManifestValidator.validate(manifests);
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(
                    "manifests for model " + spec.modelId() + " are invalid: " + String.join("; ", problems));
        }
        try {
            Path k8s = Files.createDirectories(runDir.resolve("k8s"));
            // Each file whole or not at all: a full disk leaves the previous version of each.
            Path dockerfile = runDir.resolve("Dockerfile");
            AtomicFiles.writeString(dockerfile, DockerfileWriter.render(spec));
            List<Path> written = new ArrayList<>(List.of(dockerfile));
            for (Map.Entry<String, String> f : ManifestYaml.write(manifests).entrySet()) {
                Path file = k8s.resolve(f.getKey());
                AtomicFiles.writeString(file, f.getValue());
                written.add(file);
            }
            return List.copyOf(written);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write deployment artefacts under " + runDir, e);
        }
    }
}
