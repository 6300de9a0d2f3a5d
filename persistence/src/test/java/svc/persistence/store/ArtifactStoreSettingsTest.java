package svc.persistence.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ArtifactStoreSettingsTest {

    private static Config config(Map<String, String> values) {
        return ConfigFactory.parseMap(values).withFallback(ConfigFactory.load());
    }

    @Test
    void emptyMeansRunsUnderTheHome() {
        ArtifactStoreSettings s = ArtifactStoreSettings.fromConfig(config(Map.of("svc.home", "/data/svc")));
        assertThat(s.runsRoot()).isEqualTo(Path.of("/data/svc/runs"));
    }

    @Test
    void aDirectoryReplacesTheDefault() {
        ArtifactStoreSettings s = ArtifactStoreSettings.fromConfig(
                config(Map.of("svc.home", "/data/svc", "svc.artifact-store", "/mnt/shared/runs")));
        assertThat(s.runsRoot()).isEqualTo(Path.of("/mnt/shared/runs"));
    }

    @Test
    void anUnknownSchemeIsRefusedInOneLine() {
        assertThatThrownBy(() -> ArtifactStoreSettings.fromConfig(
                        config(Map.of("svc.home", "/data/svc", "svc.artifact-store", "ftp://host/x"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("SVC_ARTIFACT_STORE");
    }

    @Test
    void theWorkingCopySweepIntervalIsReadAndATooShortOneIsRefused() {
        assertThat(ArtifactStoreSettings.fromConfig(config(Map.of("svc.home", "/data/svc")))
                        .sweepInterval())
                .isEqualTo(Duration.ofSeconds(30));
        assertThat(ArtifactStoreSettings.fromConfig(
                                config(Map.of("svc.home", "/data/svc", "svc.working-copy.sweep-interval", "5m")))
                        .sweepInterval())
                .isEqualTo(Duration.ofMinutes(5));
        assertThatThrownBy(() -> ArtifactStoreSettings.fromConfig(
                        config(Map.of("svc.home", "/data/svc", "svc.working-copy.sweep-interval", "0s"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("SVC_WORKING_COPY_SWEEP_INTERVAL");
    }
}
