package svc.core.tools.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.core.platform.Platform;
import svc.core.platform.StandardParts;
import svc.governance.sandbox.SandboxException;

/** The {@code svc.sandbox} settings, and a strict driver that cannot work aborting platform start. */
class SandboxStartupTest {

  @TempDir Path home;

  @Test
  void theReferenceDefaultsAreTheSpecs() {
    SandboxSettings s = SandboxSettings.fromConfig(ConfigFactory.load().getConfig("svc"));
    assertThat(s).isEqualTo(new SandboxSettings("subprocess", false, 512, 30, Duration.ofSeconds(60), "python:3.11-slim"));
  }

  @Test
  void aStrictDockerDriverWithoutAnEngineAbortsPlatformStart() throws Exception {
    assumeFalse(dockerAnswers(), "a Docker engine answers here; this test is about machines without one");
    Config config = ConfigFactory.parseMap(Map.of(
            "svc.home", home.toString(), "svc.sandbox.driver", "docker", "svc.sandbox.strict", true))
        .withFallback(ConfigFactory.load());
    assertThatThrownBy(() -> Platform.start(config, StandardParts.create()).close())
        .isInstanceOf(SandboxException.class)
        .hasMessageContaining("sandbox driver docker")
        .hasMessageContaining("SVC_SANDBOX_STRICT=true, so the platform does not start");
  }

  @Test
  void settingsRefuseALimitThatCannotWork() {
    assertThatThrownBy(() -> new SandboxSettings("subprocess", false, 512, 0, Duration.ofSeconds(60), "img"))
        .hasMessageContaining("SVC_SANDBOX_CPU_TIME_SEC");
  }

  private static boolean dockerAnswers() throws Exception {
    try {
      Process p = new ProcessBuilder("docker", "info").redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
    } catch (java.io.IOException e) {
      return false;
    }
  }
}
