package svc.core.tools.sandbox;

import com.typesafe.config.Config;
import java.time.Duration;
import svc.governance.sandbox.Sandbox;

/**
 * {@code svc.sandbox} in {@code reference.conf}, read once at start: the driver, strict mode and
 * the limits every sandboxed script gets. {@code timeout} is also the most a caller may ask for.
 */
public record SandboxSettings(
        String driver, boolean strict, int memoryMb, int cpuTimeSec, Duration timeout, String dockerImage) {

    public SandboxSettings {
        if (memoryMb < 16) {
            throw new IllegalArgumentException("SVC_SANDBOX_MEMORY_MB must be at least 16, got " + memoryMb);
        }
        if (cpuTimeSec < 1) {
            throw new IllegalArgumentException("SVC_SANDBOX_CPU_TIME_SEC must be at least 1, got " + cpuTimeSec);
        }
        if (timeout.toSeconds() < 1) {
            throw new IllegalArgumentException(
                    "SVC_SANDBOX_TIMEOUT_SEC must be at least 1, got " + timeout.toSeconds());
        }
    }

    /** Reads {@code sandbox.*} from the {@code svc} block. */
    public static SandboxSettings fromConfig(Config svc) {
        Config c = svc.getConfig("sandbox");
        return new SandboxSettings(
                c.getString("driver"),
                c.getBoolean("strict"),
                c.getInt("memory-mb"),
                c.getInt("cpu-time-sec"),
                Duration.ofSeconds(c.getInt("timeout-sec")),
                c.getString("docker-image"));
    }

    /**
     * Builds the sandbox these settings name; call once at start.
     * @throws svc.governance.sandbox.SandboxException in strict mode when the driver cannot work here
     */
    public Sandbox create() {
        return Sandbox.create(driver, strict, dockerImage);
    }
}
