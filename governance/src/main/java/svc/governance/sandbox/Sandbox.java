package svc.governance.sandbox;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * G2: runs a Python script or a restricted-shell command under {@link SandboxLimits} with one
 * {@link Driver}, in a fresh temporary working directory that is removed afterwards, and says how
 * it ended ({@link SandboxResult}). Build it once at boot with {@link #create}; thread-safe.
 */
public final class Sandbox {

    private static final Logger LOG = LoggerFactory.getLogger(Sandbox.class);
    private static final String PRELUDE = loadPrelude();
    private static final String REPORT_FILE = "violations.tsv";
    /**
     * Commands the restricted shell may run (nothing that can itself start a program, like sed's e or
     * awk's system).
     */
    private static final List<String> SHELL_COMMANDS = List.of(
            "cat",
            "head",
            "tail",
            "wc",
            "grep",
            "sort",
            "uniq",
            "cut",
            "tr",
            "ls",
            "date",
            "basename",
            "dirname",
            "true",
            "false",
            "seq",
            "sleep");

    private final Driver driver;

    Sandbox(Driver driver) {
        this.driver = driver;
    }

    /**
     * The sandbox for a driver name ({@code nsjail}, {@code docker}, {@code subprocess}). When the
     * driver cannot work here, strict mode throws (so boot aborts) and non-strict mode falls back to
     * {@code subprocess} with a warning.
     * @param dockerImage the image the docker driver runs (must have python3 and bash)
     * @throws SandboxException in strict mode when the driver is unavailable; for an unknown name always
     */
    public static Sandbox create(String driverName, boolean strict, String dockerImage) {
        String name = driverName.strip().toLowerCase(Locale.ROOT);
        try {
            Driver d = switch (name) {
                case NsjailDriver.NAME -> NsjailDriver.probe();
                case DockerDriver.NAME -> DockerDriver.probe(dockerImage);
                case SubprocessDriver.NAME -> SubprocessDriver.probe();
                default ->
                    throw new IllegalArgumentException(
                            "SVC_SANDBOX_DRIVER must be one of nsjail, docker, subprocess; got '" + driverName + "'");
            };
            return new Sandbox(d);
        } catch (SandboxException e) {
            if (strict) {
                throw new SandboxException(
                        e.getMessage() + " (SVC_SANDBOX_STRICT=true, so the platform does not start)", e);
            }
            LOG.warn("{}; falling back to the subprocess driver, which isolates less", e.getMessage());
            return new Sandbox(SubprocessDriver.probe());
        }
    }

    /** The driver actually in use (after any fallback). */
    public String driver() {
        return driver.name();
    }

    /** Runs Python source {@code code} with {@code python3 -I -S -B} behind the audit-hook prelude. */
    public SandboxResult runPython(String code, SandboxLimits limits) {
        return runPython(code, limits, Map.of());
    }

    /**
     * The same with extra environment variables for the script (such as where its input lives);
     * they cannot replace PATH, HOME, TMPDIR or LANG.
     */
    public SandboxResult runPython(String code, SandboxLimits limits, Map<String, String> env) {
        return run(Launch.Interpreter.PYTHON, code, limits, env);
    }

    /**
     * Runs {@code command} with {@code bash -r} (no cd, no redirections, no PATH change, no command
     * names with a slash) and a PATH of a few text tools, under the same memory, CPU, time and
     * network limits. File reads are not limited by {@code allow_paths} under the subprocess driver.
     */
    public SandboxResult runShell(String command, SandboxLimits limits) {
        return runShell(command, limits, Map.of());
    }

    /** The same with extra environment variables, as for {@link #runPython(String, SandboxLimits, Map)}. */
    public SandboxResult runShell(String command, SandboxLimits limits, Map<String, String> env) {
        return run(Launch.Interpreter.SHELL, command, limits, env);
    }

    /**
     * Runs a plugin or settings-file hook: {@code commandLine} with a plain {@code bash -c} (the
     * caller has validated it: a program inside the plugin, quoted arguments, input redirected from
     * a file) and PATH {@code /usr/bin:/bin}, under the same memory, CPU, time, network and output
     * limits as the other sandboxed scripts.
     */
    public SandboxResult runHook(String commandLine, SandboxLimits limits, Map<String, String> env) {
        return run(Launch.Interpreter.SHELL, commandLine, limits, env, false);
    }

    private SandboxResult run(
            Launch.Interpreter interpreter, String source, SandboxLimits limits, Map<String, String> extraEnv) {
        return run(interpreter, source, limits, extraEnv, true);
    }

    private SandboxResult run(
            Launch.Interpreter interpreter,
            String source,
            SandboxLimits limits,
            Map<String, String> extraEnv,
            boolean restricted) {
        if (driver.warnsOnEveryCall()) {
            LOG.warn(
                    "sandbox: running a {} script with the subprocess driver: rlimits, a network namespace and a "
                            + "Python "
                            + "audit hook, not a jail; install nsjail for real isolation",
                    interpreter.name().toLowerCase(Locale.ROOT));
        }
        Path control = null;
        try {
            control = Files.createTempDirectory("svc-sandbox-");
            Path work = Files.createDirectory(control.resolve("work"));
            Path report = Files.createFile(control.resolve(REPORT_FILE));
            List<String> args = interpreter == Launch.Interpreter.PYTHON
                    ? pythonArguments(source, limits, control, work, report)
                    : restricted ? List.of("-r", "-c", source) : List.of("-c", source);
            Launch launch = new Launch(interpreter, args, limits, control, work);
            List<String> command = driver.command(launch);
            ProcessRunner.Finished f = ProcessRunner.run(
                    command,
                    work,
                    environment(restricted ? interpreter : Launch.Interpreter.PYTHON, control, work, extraEnv),
                    limits.timeout(),
                    limits.outputCapBytes());
            return classify(f, Files.readAllLines(report, StandardCharsets.UTF_8), limits);
        } catch (IOException e) {
            throw new UncheckedIOException("sandbox: cannot prepare the temporary working directory", e);
        } finally {
            deleteQuietly(control);
        }
    }

    private static List<String> pythonArguments(String code, SandboxLimits limits, Path control, Path work, Path report)
            throws IOException {
        Path script = Files.writeString(control.resolve("script.py"), code, StandardCharsets.UTF_8);
        List<Path> reads = new ArrayList<>(limits.allowPaths());
        reads.add(work);
        List<Path> writes = new ArrayList<>(limits.writablePaths());
        writes.add(work);
        return List.of(
                "-I",
                "-S",
                "-B",
                "-c",
                PRELUDE,
                script.toString(),
                report.toString(),
                limits.allowNetwork() ? "1" : "0",
                joined(reads),
                joined(writes));
    }

    private static String joined(List<Path> paths) {
        return String.join(
                File.pathSeparator, paths.stream().map(Path::toString).toList());
    }

    private Map<String, String> environment(
            Launch.Interpreter interpreter, Path control, Path work, Map<String, String> extra) throws IOException {
        String path = "/usr/bin:/bin";
        if (interpreter == Launch.Interpreter.SHELL) {
            Path bin = Files.createDirectory(control.resolve("bin"));
            for (String name : SHELL_COMMANDS) {
                Path target = HostProbe.onPath(name).orElse(null);
                if (target != null) {
                    Files.createSymbolicLink(bin.resolve(name), target);
                }
            }
            path = bin.toString();
        }
        Map<String, String> env = new HashMap<>(extra);
        env.putAll(Map.of("PATH", path, "HOME", work.toString(), "TMPDIR", work.toString(), "LANG", "C.UTF-8"));
        return env;
    }

    /**
     * Which limit, if any, stopped the script: the timeout first, then a refusal the prelude reported,
     * then the exit code.
     */
    private SandboxResult classify(ProcessRunner.Finished f, List<String> violations, SandboxLimits limits) {
        Limit limit = null;
        String detail = "";
        if (f.timedOut()) {
            limit = Limit.TIMEOUT;
            detail = "killed after the " + limits.timeout().toMillis() + " ms wall-clock timeout";
        } else if (f.exitCode() != 0 && lastViolation(violations) != null) {
            String[] last = lastViolation(violations);
            limit = Limit.valueOf(last[0].toUpperCase(Locale.ROOT));
            detail = last[1];
        } else if (f.exitCode() != 0 && driver.limitOfExit(f.exitCode()) != null) {
            limit = driver.limitOfExit(f.exitCode());
            detail = limit == Limit.CPU_TIME
                    ? "killed after " + limits.cpuTimeSec() + " s of CPU time"
                    : "killed by the memory limit";
        } else if (f.exitCode() != 0 && f.stderr().contains("MemoryError")) {
            limit = Limit.MEMORY;
            detail = "MemoryError under the " + limits.memoryMb() + " MB limit";
        } else if (f.exitCode() != 0 && !limits.allowNetwork() && f.stderr().contains("Network is unreachable")) {
            limit = Limit.NETWORK;
            detail = "network unreachable: the network is off for this script";
        }
        return new SandboxResult(
                f.exitCode(), f.stdout(), f.stderr(), f.truncated(), f.duration(), limit, detail, driver.name());
    }

    /**
     * The last well-formed line of the report as {limit, detail}, or null. The last: a script may
     * catch a refusal and go on, and it is the refusal it did not catch that stopped it. The script
     * can reach the report's descriptor too, so anything else written there is ignored.
     */
    private static String[] lastViolation(List<String> lines) {
        for (int i = lines.size() - 1; i >= 0; i--) {
            String[] parts = lines.get(i).split("\t", 2);
            boolean known = parts.length == 2
                    && Stream.of(Limit.values()).anyMatch(l -> l.wireName().equals(parts[0]));
            if (known) {
                return parts;
            }
        }
        return null;
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            LOG.warn("sandbox: could not remove {}: {}", dir, e.getMessage());
        }
    }

    private static String loadPrelude() {
        try (InputStream in = Sandbox.class.getResourceAsStream("prelude.py")) {
            if (in == null) {
                throw new IllegalStateException("prelude.py is missing from the svc-governance jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
