package svc.governance.sandbox;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What one run may use. {@code allowPaths} are readable; {@code writablePaths} are readable and
 * writable (and should lie inside an allowed path). The script's fresh working directory is
 * always readable and writable. {@code outputCapBytes} caps stdout and stderr each.
 */
public record SandboxLimits(
        int memoryMb,
        int cpuTimeSec,
        Duration timeout,
        boolean allowNetwork,
        List<Path> allowPaths,
        List<Path> writablePaths,
        int outputCapBytes) {

    /** Output kept per stream unless a caller says otherwise. */
    public static final int DEFAULT_OUTPUT_CAP = 64 * 1024;

    public SandboxLimits {
        if (memoryMb < 16) {
            throw new IllegalArgumentException("memory_mb must be at least 16, got " + memoryMb);
        }
        if (cpuTimeSec < 1) {
            throw new IllegalArgumentException("cpu_time_sec must be at least 1, got " + cpuTimeSec);
        }
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive, got " + timeout);
        }
        if (outputCapBytes < 1) {
            throw new IllegalArgumentException("output cap must be positive, got " + outputCapBytes);
        }
        allowPaths =
                allowPaths.stream().map(p -> p.toAbsolutePath().normalize()).toList();
        writablePaths =
                writablePaths.stream().map(p -> p.toAbsolutePath().normalize()).toList();
    }

    /** No network, no paths but the working directory, the default output cap. */
    public static SandboxLimits of(int memoryMb, int cpuTimeSec, Duration timeout) {
        return new SandboxLimits(memoryMb, cpuTimeSec, timeout, false, List.of(), List.of(), DEFAULT_OUTPUT_CAP);
    }

    public SandboxLimits withPaths(List<Path> readable, List<Path> writable) {
        return new SandboxLimits(memoryMb, cpuTimeSec, timeout, allowNetwork, readable, writable, outputCapBytes);
    }

    public SandboxLimits withNetwork(boolean allow) {
        return new SandboxLimits(memoryMb, cpuTimeSec, timeout, allow, allowPaths, writablePaths, outputCapBytes);
    }

    public SandboxLimits withTimeout(Duration t) {
        return new SandboxLimits(memoryMb, cpuTimeSec, t, allowNetwork, allowPaths, writablePaths, outputCapBytes);
    }
}
