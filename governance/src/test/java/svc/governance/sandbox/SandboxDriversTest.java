package svc.governance.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Driver selection, strict mode, and the command lines of the drivers these machines cannot run. */
class SandboxDriversTest {

    private static final Launch PY = new Launch(
            Launch.Interpreter.PYTHON,
            List.of("-I", "-c", "pass"),
            new SandboxLimits(
                    300,
                    7,
                    Duration.ofSeconds(20),
                    false,
                    List.of(Path.of("/data/run")),
                    List.of(Path.of("/data/run/notes")),
                    100),
            Path.of("/tmp/svc-sandbox-1"),
            Path.of("/tmp/svc-sandbox-1/work"));

    @Test
    void strictDockerWithoutAnEngineAbortsWithAClearMessage() {
        assumeTrue(
                HostProbe.ask(Duration.ofSeconds(10), List.of("docker", "info")).exitCode() != 0,
                "a Docker engine answers here; this test is about machines without one");
        assertThatThrownBy(() -> Sandbox.create("docker", true, "python:3.11-slim"))
                .isInstanceOf(SandboxException.class)
                .hasMessageContaining("docker")
                .hasMessageContaining("SVC_SANDBOX_STRICT=true");
    }

    @Test
    void nonStrictDockerWithoutAnEngineFallsBackToSubprocess() {
        assumeTrue(
                HostProbe.ask(Duration.ofSeconds(10), List.of("docker", "info")).exitCode() != 0,
                "a Docker engine answers here; this test is about machines without one");
        assertThat(Sandbox.create("docker", false, "python:3.11-slim").driver()).isEqualTo("subprocess");
    }

    @Test
    void strictNsjailWithoutTheBinaryAborts() {
        assumeTrue(HostProbe.onPath("nsjail").isEmpty(), "nsjail is installed here");
        assertThatThrownBy(() -> Sandbox.create("nsjail", true, "unused"))
                .isInstanceOf(SandboxException.class)
                .hasMessageContaining("nsjail binary is not on PATH");
    }

    @Test
    void anUnknownDriverIsRefusedWhateverTheMode() {
        assertThatThrownBy(() -> Sandbox.create("chroot", false, "unused"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("nsjail, docker, subprocess");
    }

    @Test
    void theSubprocessDriverRefusesANetworkOffRunWhenNamespacesDoNotWork() {
        SubprocessDriver noNamespaces = new SubprocessDriver(
                Optional.of(new HostPython(Path.of("/usr/bin/python3"), Path.of("/usr"))),
                Optional.of(Path.of("/bin/bash")),
                Optional.of(Path.of("/usr/bin/prlimit")),
                Optional.empty());
        assertThatThrownBy(() -> noNamespaces.command(PY))
                .isInstanceOf(SandboxException.class)
                .hasMessageContaining("allow_network=false cannot be enforced");
        Launch online = new Launch(
                PY.interpreter(), PY.arguments(), PY.limits().withNetwork(true), PY.controlDir(), PY.workDir());
        assertThat(noNamespaces.command(online))
                .startsWith("/usr/bin/prlimit", "--as=314572800", "--cpu=7:8", "--", "/usr/bin/python3");
    }

    @Test
    void theSubprocessCommandPutsTheNamespacesOutsideTheRlimits() {
        SubprocessDriver d = new SubprocessDriver(
                Optional.of(new HostPython(Path.of("/py/bin/python3.11"), Path.of("/py"))),
                Optional.of(Path.of("/bin/bash")),
                Optional.of(Path.of("/usr/bin/prlimit")),
                Optional.of(Path.of("/usr/bin/unshare")));
        assertThat(d.command(PY))
                .containsExactly(
                        "/usr/bin/unshare",
                        "-r",
                        "-p",
                        "--fork",
                        "--kill-child",
                        "-n",
                        "--",
                        "/bin/sh",
                        "-c",
                        "\"$@\"; exit $?",
                        "sh",
                        "/usr/bin/prlimit",
                        "--as=314572800",
                        "--cpu=7:8",
                        "--",
                        "/py/bin/python3.11",
                        "-I",
                        "-c",
                        "pass");
    }

    @Test
    void theDockerCommandHasNoNetworkAReadOnlyRootAndReadOnlyAllowedPaths() {
        List<String> cmd = new DockerDriver("python:3.11-slim").command(PY);
        assertThat(cmd)
                .startsWith("docker", "run", "--rm")
                .contains(
                        "--network=none",
                        "--read-only",
                        "--memory=300m",
                        "cpu=7:7",
                        "/data/run:/data/run:ro",
                        "/data/run/notes:/data/run/notes:rw");
        assertThat(cmd.subList(cmd.indexOf("python:3.11-slim"), cmd.size()))
                .containsExactly("python:3.11-slim", "python3", "-I", "-c", "pass");
    }

    @Test
    void theNsjailCommandMountsAllowedPathsReadOnlyAndKeepsTheNetworkNamespace() {
        List<String> cmd = new NsjailDriver(
                        Path.of("/usr/bin/nsjail"),
                        Optional.of(new HostPython(Path.of("/py/bin/python3"), Path.of("/py"))))
                .command(PY);
        assertThat(String.join(" ", cmd))
                .contains(
                        "--rlimit_as 300",
                        "--rlimit_cpu 7",
                        "--bindmount_ro /data/run",
                        "--bindmount /data/run/notes",
                        "--bindmount_ro /py",
                        "--cwd /tmp/svc-sandbox-1/work");
        assertThat(cmd).doesNotContain("--disable_clone_newnet");
    }
}
