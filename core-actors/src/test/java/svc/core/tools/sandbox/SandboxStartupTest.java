package svc.core.tools.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.typesafe.config.ConfigFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.core.CoreSettings;
import svc.core.platform.StandardParts;
import svc.governance.sandbox.SandboxException;

/** The {@code svc.sandbox} settings, and a strict driver that cannot work aborting start. */
class SandboxStartupTest {

    @TempDir
    Path home;

    @Test
    void theReferenceDefaultsAreTheSpecs() {
        SandboxSettings s = SandboxSettings.fromConfig(ConfigFactory.load().getConfig("svc"));
        assertThat(s)
                .isEqualTo(
                        new SandboxSettings("subprocess", false, 512, 30, Duration.ofSeconds(60), "python:3.11-slim"));
    }

    @Test
    void aStrictDockerDriverWithoutAnEngineAbortsTheStandardParts() {
        assumeFalse(dockerAnswers(), "a Docker engine answers here; this test is about machines without one");
        CoreSettings settings = CoreSettings.fromConfig(ConfigFactory.parseMap(
                        Map.of("svc.home", home.toString(), "svc.sandbox.driver", "docker", "svc.sandbox.strict", true))
                .withFallback(ConfigFactory.load()));
        // The sandbox is the first part built, before the database or the roster is touched; and
        // Platform.start stops the actor system and rethrows whatever the parts factory throws.
        assertThatThrownBy(() -> StandardParts.create().create(settings, null, Runnable::run, Runnable::run, null))
                .isInstanceOf(SandboxException.class)
                .hasMessageContaining("sandbox driver docker")
                .hasMessageContaining("SVC_SANDBOX_STRICT=true, so the platform does not start");
    }

    @Test
    void settingsRefuseALimitThatCannotWork() {
        assertThatThrownBy(() -> new SandboxSettings("subprocess", false, 512, 0, Duration.ofSeconds(60), "img"))
                .hasMessageContaining("SVC_SANDBOX_CPU_TIME_SEC");
    }

    private static boolean dockerAnswers() {
        try {
            Process p = new ProcessBuilder("docker", "info")
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
