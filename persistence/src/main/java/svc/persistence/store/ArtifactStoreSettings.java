package svc.persistence.store;

import com.typesafe.config.Config;
import java.nio.file.Path;

/**
 * Where run files live, read once from {@code svc.artifact-store} ({@code SVC_ARTIFACT_STORE}). This is
 * the one place that computes the runs root: empty means {@code $SVC_HOME/runs}, anything else is a
 * directory (relative paths are taken from the working directory of the process).
 */
public record ArtifactStoreSettings(String location, Path runsRoot) {

    public static ArtifactStoreSettings fromConfig(Config config) {
        Path home = Path.of(config.getString("svc.home")).toAbsolutePath();
        String location = config.getString("svc.artifact-store").trim();
        if (location.isEmpty()) {
            return new ArtifactStoreSettings(location, home.resolve("runs"));
        }
        if (location.contains("://")) {
            throw new IllegalArgumentException("SVC_ARTIFACT_STORE must be a directory, got: " + location);
        }
        return new ArtifactStoreSettings(location, Path.of(location).toAbsolutePath());
    }
}
