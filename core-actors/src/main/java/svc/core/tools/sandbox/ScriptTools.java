package svc.core.tools.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import svc.config.Json;
import svc.core.tools.SimpleTool;
import svc.core.tools.Tool;
import svc.core.tools.ToolContext;
import svc.core.tools.ToolResult;
import svc.governance.sandbox.Sandbox;
import svc.governance.sandbox.SandboxException;
import svc.governance.sandbox.SandboxLimits;
import svc.governance.sandbox.SandboxResult;

/**
 * {@code execute_python} and {@code execute_shell}: one script in the sandbox with the configured
 * limits, no network, the run's directory readable and only its {@code notes/} writable. The
 * script finds the run's directory in {@code SVC_RUN_DIR}.
 */
final class ScriptTools {

    /** Where scripts may write: the same folder {@code write_file} uses. */
    static final String NOTES = "notes";

    private final Sandbox sandbox;
    private final SandboxSettings settings;

    ScriptTools(Sandbox sandbox, SandboxSettings settings) {
        this.sandbox = sandbox;
        this.settings = settings;
    }

    List<Tool> tools() {
        return List.of(
                new SimpleTool(
                        "execute_python",
                        "Run a Python 3 script in the sandbox (no network, no processes; the run's files are "
                                + "readable under $SVC_RUN_DIR, only notes/ is writable). Returns exit_code, "
                                + "stdout, stderr and the limit that stopped it, if any.",
                        SimpleTool.schema("code", "timeout_sec:integer"),
                        this::python),
                new SimpleTool(
                        "execute_shell",
                        "Run a command in a restricted bash (no network, no cd, no output redirection, "
                                + "a few text tools on PATH). Returns exit_code, stdout and stderr.",
                        SimpleTool.schema("command", "timeout_sec:integer"),
                        this::shell));
    }

    private ToolResult python(ToolContext ctx, JsonNode args) throws IOException {
        String code = args.path("code").asText("");
        if (code.isBlank()) {
            return ToolResult.error("execute_python needs 'code': the Python source to run");
        }
        return run(ctx, args, l -> sandbox.runPython(code, l, env(ctx)));
    }

    private ToolResult shell(ToolContext ctx, JsonNode args) throws IOException {
        String command = args.path("command").asText("");
        if (command.isBlank()) {
            return ToolResult.error("execute_shell needs 'command': the shell command line to run");
        }
        return run(ctx, args, l -> sandbox.runShell(command, l, env(ctx)));
    }

    private interface Runner {
        SandboxResult run(SandboxLimits limits);
    }

    private ToolResult run(ToolContext ctx, JsonNode args, Runner runner) throws IOException {
        long maxSec = settings.timeout().toSeconds();
        long askedSec = args.path("timeout_sec").asLong(maxSec);
        if (askedSec < 1) {
            return ToolResult.error("timeout_sec must be at least 1, got " + askedSec);
        }
        Path notes = Files.createDirectories(ctx.runDir().resolve(NOTES));
        SandboxLimits limits = new SandboxLimits(
                settings.memoryMb(),
                settings.cpuTimeSec(),
                Duration.ofSeconds(Math.min(askedSec, maxSec)),
                false,
                List.of(ctx.runDir()),
                List.of(notes),
                SandboxLimits.DEFAULT_OUTPUT_CAP);
        SandboxResult r;
        try {
            r = runner.run(limits);
        } catch (SandboxException e) {
            return ToolResult.error(e.getMessage());
        }
        ObjectNode out = Json.object()
                .put("exit_code", r.exitCode())
                .put("stdout", r.stdout())
                .put("stderr", r.stderr())
                .put("output_truncated", r.outputTruncated())
                .put("duration_ms", r.duration().toMillis())
                .put("driver", r.driver());
        if (r.stoppedBy() != null) {
            out.put("limit", r.stoppedBy().wireName()).put("detail", r.detail());
        } else {
            out.putNull("limit");
        }
        if (askedSec > maxSec) {
            out.put(
                    "note",
                    "timeout_sec " + askedSec + " is above the platform's " + maxSec + " s; " + maxSec + " s was used");
        }
        return new ToolResult(r.ok(), Json.write(out), Map.of());
    }

    private static Map<String, String> env(ToolContext ctx) {
        return Map.of("SVC_RUN_DIR", ctx.runDir().toAbsolutePath().toString());
    }
}
