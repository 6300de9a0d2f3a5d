package svc.core.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import svc.config.Json;
import svc.governance.sandbox.Sandbox;
import svc.governance.sandbox.SandboxException;
import svc.governance.sandbox.SandboxLimits;
import svc.governance.sandbox.SandboxResult;
import svc.persistence.plugins.HookExecutionRow;

/**
 * A hook that runs a command, as plugins and the settings file declare them. At every run the
 * command is checked before anything starts: {@code ${CLAUDE_PLUGIN_ROOT}} (or
 * {@code ${SVC_PLUGIN_ROOT}}) is replaced by the plugin's directory; the words may hold only
 * letters, digits and {@code _ . / = : , @ % + -} (no shell syntax at all); the program is a file
 * inside the plugin (links resolved), or {@code bash}, {@code sh} or {@code python3} followed by
 * such a file. Settings-file hooks, written by the operator, may name any absolute path instead.
 * The command then runs in the G2 sandbox (memory, CPU, wall clock, no network, output cap) with
 * an environment of PATH, HOME, TMPDIR, LANG and the plugin root only, the {@link HookInput} JSON
 * on its standard input, and the hook's timeout (10 s by default, 60 s at most).
 *
 * <p>Exit code 0 goes on; if stdout is a JSON object with a {@code mutation} object, that object
 * is lifted into the result. Exit code 2 blocks, with stderr as the reason. Any other ending (a
 * limit, another code, a refused command) is a failed hook: logged and audited, not a block.
 * Every execution, and every refusal to execute, is one audit row.
 */
public final class ShellHook implements Hook {

    public static final int BLOCK_EXIT = 2;
    private static final Pattern SAFE_WORD = Pattern.compile("[A-Za-z0-9_./=:,@%+-]+");
    private static final Set<String> INTERPRETERS = Set.of("bash", "sh", "python3");

    /** What a shell hook needs from the platform: the sandbox, its limits, where audit rows go. */
    public record Runtime(
            Sandbox sandbox,
            int memoryMb,
            int cpuTimeSec,
            Consumer<HookExecutionRow> audit,
            HookListener listener,
            Clock clock) {}

    private final String name;
    private final String origin;
    private final HookSpec spec;
    /** The plugin's directory, or null for a settings-file hook. */
    private final Path root;

    private final Runtime runtime;

    public ShellHook(String name, String origin, HookSpec spec, Path root, Runtime runtime) {
        this.name = name;
        this.origin = origin;
        this.spec = spec;
        this.root = root;
        this.runtime = runtime;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String origin() {
        return origin;
    }

    @Override
    public HookEvent event() {
        return spec.event();
    }

    @Override
    public boolean matches(HookInput input) {
        return spec.matches(input.subject());
    }

    @Override
    public boolean shell() {
        return true;
    }

    @Override
    public HookResult run(HookInput input) {
        long started = System.nanoTime();
        List<String> words;
        try {
            words = validate(spec.command());
        } catch (IllegalArgumentException e) {
            audit(input, -1, "refused", e.getMessage(), started);
            return HookResult.PASS;
        }
        Path inputFile = null;
        try {
            inputFile = Files.createTempFile("svc-hook-", ".json");
            Files.writeString(inputFile, Json.write(input.toJson()));
            StringBuilder line = new StringBuilder();
            for (String w : words) {
                line.append(quote(w)).append(' ');
            }
            line.append("< ").append(quote(inputFile.toString()));
            List<Path> readable = new ArrayList<>();
            readable.add(inputFile);
            if (root != null) {
                readable.add(root);
            }
            SandboxLimits limits = SandboxLimits.of(runtime.memoryMb(), runtime.cpuTimeSec(), spec.timeout())
                    .withPaths(readable, List.of());
            String rootText = root == null ? "" : root.toString();
            SandboxResult r = runtime.sandbox()
                    .runHook(
                            line.toString(),
                            limits,
                            Map.of(
                                    "CLAUDE_PLUGIN_ROOT", rootText,
                                    "SVC_PLUGIN_ROOT", rootText,
                                    "SVC_HOOK_EVENT", input.event().name()));
            runtime.listener().shellExecuted(origin, r.exitCode());
            return judge(input, r, started);
        } catch (IOException | SandboxException e) {
            audit(input, -1, "failed", "could not run: " + e.getMessage(), started);
            return HookResult.PASS;
        } finally {
            if (inputFile != null) {
                try {
                    Files.deleteIfExists(inputFile);
                } catch (IOException e) {
                    // a leftover temp file is harmless
                }
            }
        }
    }

    private HookResult judge(HookInput input, SandboxResult r, long started) {
        if (r.stoppedBy() != null) {
            audit(input, r.exitCode(), "failed", r.stoppedBy().wireName() + ": " + r.detail(), started);
            return HookResult.PASS;
        }
        if (r.exitCode() == BLOCK_EXIT) {
            String reason = r.stderr().strip();
            audit(input, r.exitCode(), "blocked", reason, started);
            return HookResult.block(name, reason.isEmpty() ? "exit code 2" : reason);
        }
        if (r.exitCode() != 0) {
            audit(input, r.exitCode(), "failed", r.stderr().strip(), started);
            return HookResult.PASS;
        }
        ObjectNode mutation = mutationOf(r.stdout());
        audit(input, 0, "allowed", mutation == null ? null : "mutation " + Json.write(mutation), started);
        return mutation == null ? HookResult.PASS : HookResult.mutate(name, mutation);
    }

    private static ObjectNode mutationOf(String stdout) {
        String out = stdout.strip();
        if (!out.startsWith("{")) {
            return null;
        }
        try {
            JsonNode parsed = Json.parse(out);
            return parsed.path("mutation").isObject() ? (ObjectNode) parsed.get("mutation") : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** The command's words after root substitution, or why it may not run. */
    List<String> validate(String command) {
        String rootText = root == null ? null : root.toString();
        String expanded = command;
        if (command.contains("${CLAUDE_PLUGIN_ROOT}") || command.contains("${SVC_PLUGIN_ROOT}")) {
            if (rootText == null) {
                throw new IllegalArgumentException("${CLAUDE_PLUGIN_ROOT} has no meaning outside a plugin");
            }
            expanded = command.replace("${CLAUDE_PLUGIN_ROOT}", rootText).replace("${SVC_PLUGIN_ROOT}", rootText);
        }
        List<String> words = List.of(expanded.strip().split("\\s+"));
        for (String w : words) {
            if (!SAFE_WORD.matcher(w).matches()) {
                throw new IllegalArgumentException(
                        "the command may hold only plain words (no quotes, $, ;, |, &, <, >...): '" + w + "'");
            }
        }
        int script = INTERPRETERS.contains(words.get(0)) ? 1 : 0;
        if (script >= words.size()) {
            throw new IllegalArgumentException(words.get(0) + " must be followed by a script of the plugin");
        }
        checkProgram(words.get(script));
        return words;
    }

    private void checkProgram(String program) {
        Path p = Path.of(program);
        if (root == null) {
            if (!p.isAbsolute() || !Files.isRegularFile(p)) {
                throw new IllegalArgumentException(
                        "a settings-file hook names an existing file by its absolute path," + " got " + program);
            }
            return;
        }
        try {
            Path realRoot = root.toRealPath();
            Path real = (p.isAbsolute() ? p : root.resolve(p)).toRealPath();
            if (!real.startsWith(realRoot) || !Files.isRegularFile(real)) {
                throw new IllegalArgumentException(program + " is not a file inside the plugin");
            }
        } catch (IOException e) {
            throw new IllegalArgumentException(program + " does not exist in the plugin");
        }
    }

    private static String quote(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }

    private void audit(HookInput input, int exitCode, String outcome, String detail, long started) {
        runtime.audit()
                .accept(new HookExecutionRow(
                        origin,
                        input.event().name(),
                        spec.command(),
                        exitCode,
                        outcome,
                        detail,
                        input.runId(),
                        input.agent(),
                        input.tool(),
                        Duration.ofNanos(System.nanoTime() - started).toMillis(),
                        runtime.clock().instant()));
    }
}
