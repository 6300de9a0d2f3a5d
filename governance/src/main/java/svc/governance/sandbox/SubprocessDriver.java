package svc.governance.sandbox;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The fallback when neither nsjail nor Docker is there: the interpreter runs as a plain child
 * process under {@code prlimit --as --cpu} (memory and CPU time), inside {@code unshare -rn} (a
 * user and network namespace with no interfaces up) when the network is off, and Python scripts
 * behind the audit-hook prelude (paths, network calls, processes). Weaker than a jail: the path
 * and process rules are a Python-level layer, and a shell command's file reads are not limited at
 * all. So every call logs a warning.
 */
final class SubprocessDriver implements Driver {

    static final String NAME = "subprocess";

    private final Optional<HostPython> python;
    private final Optional<Path> bash;
    private final Optional<Path> prlimit;
    private final Optional<Path> unshare;
    private final boolean networkNamespaces;

    SubprocessDriver(Optional<HostPython> python, Optional<Path> bash, Optional<Path> prlimit, Optional<Path> unshare,
                     boolean networkNamespaces) {
        this.python = python;
        this.bash = bash;
        this.prlimit = prlimit;
        this.unshare = unshare;
        this.networkNamespaces = networkNamespaces;
    }

    /** Looks at this machine once: the interpreter, prlimit, and whether {@code unshare -rn} works. */
    static SubprocessDriver probe() {
        Optional<Path> unshare = HostProbe.onPath("unshare");
        boolean netns = unshare.isPresent()
                && HostProbe.ask(Duration.ofSeconds(10), List.of(unshare.get().toString(), "-rn", "true")).succeeded();
        return new SubprocessDriver(HostPython.find(), HostProbe.onPath("bash"), HostProbe.onPath("prlimit"), unshare, netns);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean warnsOnEveryCall() {
        return true;
    }

    boolean networkNamespaces() {
        return networkNamespaces;
    }

    @Override
    public List<String> command(Launch launch) {
        SandboxLimits limits = launch.limits();
        Path prlimitBin = prlimit.orElseThrow(() -> new SandboxException(
                "sandbox driver subprocess: prlimit (util-linux) is not on PATH, so memory_mb and cpu_time_sec cannot be "
                        + "enforced; install util-linux or use the nsjail driver"));
        List<String> cmd = new ArrayList<>();
        if (!limits.allowNetwork()) {
            if (!networkNamespaces) {
                throw new SandboxException("sandbox driver subprocess: `unshare -rn` does not work on this machine "
                        + "(unprivileged user namespaces are off?), so allow_network=false cannot be enforced; refusing "
                        + "to run rather than pretend. Enable user namespaces or use the nsjail driver");
            }
            cmd.add(unshare.orElseThrow().toString());
            cmd.add("-rn");
        }
        cmd.add(prlimitBin.toString());
        cmd.add("--as=" + (long) limits.memoryMb() * 1024 * 1024);
        // Soft limit N, hard N+1: with both equal the kernel sends SIGKILL rather than SIGXCPU, and
        // the exit code could no longer tell CPU time from any other kill.
        cmd.add("--cpu=" + limits.cpuTimeSec() + ":" + (limits.cpuTimeSec() + 1));
        cmd.add("--");
        cmd.add(interpreter(launch.interpreter()));
        cmd.addAll(launch.arguments());
        return cmd;
    }

    private String interpreter(Launch.Interpreter interpreter) {
        return switch (interpreter) {
            case PYTHON -> python.map(p -> p.executable().toString()).orElseThrow(() -> new SandboxException(
                    "sandbox driver subprocess: python3 is not on PATH; install Python 3.8 or later"));
            case SHELL -> bash.map(Path::toString).orElseThrow(() -> new SandboxException(
                    "sandbox driver subprocess: bash is not on PATH"));
        };
    }
}
