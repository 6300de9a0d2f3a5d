package svc.core.datasets;

import com.typesafe.config.Config;
import java.nio.file.Path;
import java.time.Duration;

/**
 * {@code svc.datasets}, read once: where uploads are kept, the largest one accepted
 * ({@code SVC_DATASET_MAX_BYTES}) and how long one may take from its first byte to the answer.
 */
public record DatasetSettings(Path dir, long maxUploadBytes, Duration uploadTimeout) {

    public DatasetSettings {
        if (maxUploadBytes <= 0) {
            throw new IllegalArgumentException(
                    "svc.datasets.max-upload-bytes (SVC_DATASET_MAX_BYTES) must be positive, got " + maxUploadBytes);
        }
        dir = dir.toAbsolutePath().normalize();
    }

    /** {@code home} is {@code SVC_HOME}; uploads live in its {@code datasets} directory. */
    public static DatasetSettings from(Config config, Path home) {
        return new DatasetSettings(
                home.resolve("datasets"),
                config.getBytes("svc.datasets.max-upload-bytes"),
                config.getDuration("svc.datasets.upload-timeout"));
    }
}
