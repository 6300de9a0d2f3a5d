package svc.governance.sandbox;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The fallback when neither nsjail nor Docker is there: the interpreter runs as a child process
 * under {@code prlimit --as --cpu} (memory and CPU time), inside {@code unshare -r -p --fork}
 * (a user and PID namespace, so the script cannot see or signal the JVM or anything else outside),
 * with {@code -n} added when the network is off (a network namespace with no interfaces up), and
 * Python scripts behind the audit-hook prelude (paths, network calls, processes). Weaker than a
 * jail: the path and process rules are a Python-level layer, and a shell command's file reads are
 * not limited at all. So every call logs a warning.
 */
final class SubprocessDriver implements Driver {

    static final String NAME = "subprocess";

    private final Optional<HostPython> python;
    private final Optional<Path> bash;
    private final Optional<Path> prlimit;
    /** {@code unshare}, when user, PID and network namespaces all work here; empty otherwise. */
    private final Optional<Path> unshare;

    SubprocessDriver(Optional<HostPython> python, Optional<Path> bash, Optional<Path> prlimit, Optional<Path> unshare) {
        this.python = python;
        this.bash = bash;
        this.prlimit = prlimit;
        this.unshare = unshare;
    }

    /** Looks at this machine once: the interpreter, prlimit, and whether the namespaces work. */
    static SubprocessDriver probe() {
        Optional<Path> unshare = HostProbe.onPath("unshare")
                .filter(u -> HostProbe.ask(
                                Duration.ofSeconds(10),
                                List.of(u.toString(), "-r", "-p", "--fork", "--kill-child", "-n", "true"))
                        .succeeded());
        return new SubprocessDriver(HostPython.find(), HostProbe.onPath("bash"), HostProbe.onPath("prlimit"), unshare);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean warnsOnEveryCall() {
        return true;
    }

    @Override
    public List<String> command(Launch launch) {
        SandboxLimits limits = launch.limits();
        Path prlimitBin = prlimit.orElseThrow(() -> new SandboxException(
                "sandbox driver subprocess: prlimit (util-linux) is not on PATH, so memory_mb and cpu_time_sec "
                        + "cannot be "
                        + "enforced; install util-linux or use the nsjail driver"));
        List<String> cmd = new ArrayList<>();
        if (!limits.allowNetwork() && unshare.isEmpty()) {
            throw new SandboxException("sandbox driver subprocess: `unshare -r -p -n` does not work on this machine "
                    + "(unprivileged user namespaces are off?), so allow_network=false cannot be enforced; refusing "
                    + "to run rather than pretend. Enable user namespaces or use the nsjail driver");
        }
        if (unshare.isPresent()) {
            cmd.addAll(List.of(unshare.get().toString(), "-r", "-p", "--fork", "--kill-child"));
            if (!limits.allowNetwork()) {
                cmd.add("-n");
            }
            // A shell as the namespace's first process turns "killed by signal N" into exit code
            // 128+N; unshare itself would report such a death as a plain 1.
            cmd.addAll(List.of("--", "/bin/sh", "-c", "\"$@\"; exit $?", "sh"));
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
            case PYTHON ->
                python.map(p -> p.executable().toString())
                        .orElseThrow(() -> new SandboxException(
                                "sandbox driver subprocess: python3 is not on PATH; install Python 3.8 or later"));
            case SHELL ->
                bash.map(Path::toString)
                        .orElseThrow(() -> new SandboxException("sandbox driver subprocess: bash is not on PATH"));
        };
    }
}
