package svc.governance.sandbox;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs each launch in a throw-away container: {@code docker run --network=none --read-only --rm}
 * with the memory and CPU-time limits, no capabilities, and each path mounted at the same place
 * (allowed paths read-only). Built only when a Docker engine answers {@code docker info}; the
 * image ({@code SVC_SANDBOX_DOCKER_IMAGE}) must have {@code python3} and {@code bash}.
 */
final class DockerDriver implements Driver {

    static final String NAME = "docker";
    private final String image;

    DockerDriver(String image) {
        this.image = image;
    }

    static DockerDriver probe(String image) {
        if (HostProbe.onPath("docker").isEmpty()) {
            throw new SandboxException("sandbox driver docker: the docker client is not on PATH; install Docker or set "
                    + "SVC_SANDBOX_DRIVER=subprocess");
        }
        HostProbe.Answer info =
                HostProbe.ask(Duration.ofSeconds(10), List.of("docker", "info", "--format", "{{.ServerVersion}}"));
        if (!info.succeeded()) {
            throw new SandboxException("sandbox driver docker: no Docker engine answers `docker info` ("
                    + info.firstLine() + "); start the engine or set SVC_SANDBOX_DRIVER=subprocess");
        }
        return new DockerDriver(image);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Limit limitOfExit(int exitCode) {
        // The kernel's OOM killer ends a container over its memory limit with SIGKILL.
        return exitCode == SIGKILL_EXIT ? Limit.MEMORY : Driver.super.limitOfExit(exitCode);
    }

    @Override
    public List<String> command(Launch launch) {
        SandboxLimits limits = launch.limits();
        List<String> cmd = new ArrayList<>(List.of(
                "docker",
                "run",
                "--rm",
                "-i",
                "--read-only",
                "--memory=" + limits.memoryMb() + "m",
                "--memory-swap=" + limits.memoryMb() + "m",
                "--ulimit",
                "cpu=" + limits.cpuTimeSec() + ":" + limits.cpuTimeSec(),
                "--pids-limit=32",
                "--cap-drop=ALL",
                "--security-opt=no-new-privileges",
                "--tmpfs=/tmp"));
        if (!limits.allowNetwork()) {
            cmd.add("--network=none");
        }
        limits.allowPaths().forEach(p -> cmd.addAll(List.of("-v", p + ":" + p + ":ro")));
        limits.writablePaths().forEach(p -> cmd.addAll(List.of("-v", p + ":" + p + ":rw")));
        cmd.addAll(List.of(
                "-v",
                launch.controlDir() + ":" + launch.controlDir() + ":rw",
                "-w",
                launch.workDir().toString(),
                image));
        cmd.add(launch.interpreter() == Launch.Interpreter.PYTHON ? "python3" : "bash");
        cmd.addAll(launch.arguments());
        return cmd;
    }
}
