package svc.governance.sandbox;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Runs each launch in a one-shot nsjail: fresh mount, PID, IPC, UTS, user and (unless the
 * network is allowed) network namespaces, the system directories and the interpreter's prefix
 * mounted read-only, {@code allow_paths} read-only, the writable paths and the sandbox's own
 * directory read-write, and the memory and CPU limits as rlimits. The Python prelude still runs
 * inside, so refusals are reported the same way as with the other drivers. Used when the
 * {@code nsjail} binary is on PATH; not installed on the machines this was written on, so only its
 * command line is tested here.
 */
final class NsjailDriver implements Driver {

    static final String NAME = "nsjail";
    private static final List<String> SYSTEM_DIRS = List.of("/usr", "/lib", "/lib64", "/bin", "/etc/alternatives");

    private final Path nsjail;
    private final Optional<HostPython> python;

    NsjailDriver(Path nsjail, Optional<HostPython> python) {
        this.nsjail = nsjail;
        this.python = python;
    }

    static NsjailDriver probe() {
        Path bin = HostProbe.onPath("nsjail")
                .orElseThrow(() -> new SandboxException(
                        "sandbox driver nsjail: the nsjail binary is not on PATH; install nsjail or set "
                                + "SVC_SANDBOX_DRIVER=subprocess"));
        return new NsjailDriver(bin, HostPython.find());
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<String> command(Launch launch) {
        SandboxLimits limits = launch.limits();
        List<String> cmd = new ArrayList<>(List.of(
                nsjail.toString(),
                "--mode",
                "o",
                "--quiet",
                "--time_limit",
                String.valueOf(Math.max(1, limits.timeout().toSeconds() + 1)),
                "--rlimit_as",
                String.valueOf(limits.memoryMb()),
                "--rlimit_cpu",
                String.valueOf(limits.cpuTimeSec()),
                "--rlimit_nproc",
                "32"));
        if (limits.allowNetwork()) {
            cmd.add("--disable_clone_newnet");
        }
        for (String dir : SYSTEM_DIRS) {
            if (Files.isDirectory(Path.of(dir))) {
                cmd.addAll(List.of("--bindmount_ro", dir));
            }
        }
        String program;
        if (launch.interpreter() == Launch.Interpreter.PYTHON) {
            HostPython py =
                    python.orElseThrow(() -> new SandboxException("sandbox driver nsjail: python3 is not on PATH"));
            if (!py.basePrefix().startsWith("/usr")) {
                cmd.addAll(List.of("--bindmount_ro", py.basePrefix().toString()));
            }
            program = py.executable().toString();
        } else {
            program = "/bin/bash";
        }
        limits.allowPaths().forEach(p -> cmd.addAll(List.of("--bindmount_ro", p.toString())));
        limits.writablePaths().forEach(p -> cmd.addAll(List.of("--bindmount", p.toString())));
        cmd.addAll(List.of(
                "--bindmount",
                launch.controlDir().toString(),
                "--cwd",
                launch.workDir().toString(),
                "--",
                program));
        cmd.addAll(launch.arguments());
        return cmd;
    }
}
