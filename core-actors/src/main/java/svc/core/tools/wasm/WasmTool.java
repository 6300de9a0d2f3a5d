package svc.core.tools.wasm;

import com.dylibso.chicory.runtime.ExportFunction;
import com.dylibso.chicory.runtime.ImportValues;
import com.dylibso.chicory.runtime.Instance;
import com.dylibso.chicory.wasm.ChicoryException;
import com.dylibso.chicory.wasm.Parser;
import com.dylibso.chicory.wasm.WasmModule;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.function.Function;
import svc.config.Json;
import svc.config.settings.Capability;
import svc.config.settings.WasmToolConfig;
import svc.core.tools.SimpleTool;
import svc.core.tools.Tool;
import svc.core.tools.ToolContext;
import svc.core.tools.ToolResult;
import svc.governance.egress.EgressPolicy;

/**
 * A WASM tool of the settings file's {@code wasm_tools} (or a plugin's {@code wasm/}): the module
 * is read and checked once when registered; each call gets a fresh instance (no state survives a
 * call), the run's directory as its workspace, and the host functions of {@link WasmHostAbi}.
 * The interpreter runs on the caller's thread (the blocking dispatcher every tool runs on); an
 * instruction counter enforces the fuel and time limits, so a module that loops forever stops.
 */
public final class WasmTool implements Tool {

    /** How often (in instructions) the counter looks at the clock. */
    private static final int CLOCK_EVERY = 4096;

    private final WasmToolConfig config;
    private final WasmModule module;
    private final WasmLimits limits;
    private final EgressPolicy egress;
    private final Function<String, String> secrets;
    private final String description;

    private WasmTool(
            WasmToolConfig config,
            WasmModule module,
            WasmLimits limits,
            EgressPolicy egress,
            Function<String, String> secrets,
            String description) {
        this.config = config;
        this.module = module;
        this.limits = limits;
        this.egress = egress;
        this.secrets = secrets;
        this.description = description;
    }

    /**
     * Reads and checks a tool; {@code baseDir} resolves a relative {@code path}; {@code secrets}
     * answers a secret's value by name (the environment).
     *
     * @throws IllegalArgumentException naming the tool, when it cannot be offered as configured
     */
    public static WasmTool load(
            WasmToolConfig config,
            Path baseDir,
            WasmLimits defaults,
            EgressPolicy egress,
            Function<String, String> secrets) {
        if (config.capabilities().contains(Capability.TOOL_INVOKE)) {
            throw new IllegalArgumentException("WASM tool " + config.name()
                    + ": the capability ToolInvoke is not offered by this runtime (see the host ABI in the README);"
                    + " remove it");
        }
        if (!config.toolAliases().isEmpty()) {
            throw new IllegalArgumentException("WASM tool " + config.name()
                    + ": tool_aliases name tools to invoke, and ToolInvoke is not offered; remove them");
        }
        Path file = baseDir.resolve(config.path()).normalize();
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("WASM tool " + config.name() + ": cannot read " + file + ": " + e, e);
        }
        WasmModule module;
        try {
            module = Parser.parse(bytes);
        } catch (ChicoryException e) {
            throw new IllegalArgumentException(
                    "WASM tool " + config.name() + ": " + file + " is not a WASM module: " + e.getMessage(), e);
        }
        for (String export : new String[] {"run", "alloc", "memory"}) {
            boolean found = false;
            for (int i = 0; i < module.exportSection().exportCount(); i++) {
                found |= module.exportSection().getExport(i).name().equals(export);
            }
            if (!found) {
                throw new IllegalArgumentException("WASM tool " + config.name() + ": " + file + " does not export `"
                        + export + "` (see the host ABI in the README)");
            }
        }
        String description = "Sandboxed WASM tool " + config.name() + " (" + file.getFileName()
                + "); its input is this JSON object, its answer a JSON document.";
        return new WasmTool(config, module, defaults.over(config.limits()), egress, secrets, description);
    }

    @Override
    public String name() {
        return config.name();
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public String inputSchemaJson() {
        return SimpleTool.schema();
    }

    public WasmLimits limits() {
        return limits;
    }

    @Override
    public ToolResult invoke(ToolContext context, JsonNode arguments) {
        Instant deadline = Instant.now().plus(limits.timeout());
        WasmHostAbi host = new WasmHostAbi(config, limits, context.runDir(), egress, secrets, deadline);
        long[] executed = {0};
        String name = config.name();
        try {
            Instance instance = Instance.builder(module)
                    .withImportValues(ImportValues.builder()
                            .withFunctions(List.copyOf(host.functions()))
                            .build())
                    .withMemoryFactory(declared -> new LimitedMemory(declared, limits.maxPages(), name))
                    .withUnsafeExecutionListener((instruction, stack) -> {
                        long n = ++executed[0];
                        if (n > limits.fuel()) {
                            throw new WasmStopped("WASM tool " + name + " stopped: instruction budget of "
                                    + limits.fuel() + " exhausted (fuel_limit)");
                        }
                        if (n % CLOCK_EVERY == 0 && Instant.now().isAfter(deadline)) {
                            throw new WasmStopped("WASM tool " + name + " stopped: it ran past "
                                    + limits.timeout().toSeconds() + " s (execution_timeout_secs)");
                        }
                    })
                    .build();
            byte[] input =
                    Json.write(arguments == null ? Json.object() : arguments).getBytes(StandardCharsets.UTF_8);
            ExportFunction alloc = instance.export("alloc");
            int ptr = (int) alloc.apply(input.length)[0];
            instance.memory().write(ptr, input);
            long packed = instance.export("run").apply(ptr, input.length)[0];
            int outPtr = (int) (packed >>> 32);
            int outLen = (int) packed;
            String out = instance.memory().readString(outPtr, outLen, StandardCharsets.UTF_8);
            JsonNode answer;
            try {
                answer = Json.parse(out);
            } catch (IllegalArgumentException e) {
                return ToolResult.error("WASM tool " + name + " answered with something that is not JSON");
            }
            ObjectNode content = Json.object();
            content.set("result", answer);
            content.put("instructions", executed[0]);
            if (!host.logs().isEmpty()) {
                content.set("logs", Json.MAPPER.valueToTree(host.logs()));
            }
            return ToolResult.ok(content);
        } catch (RuntimeException e) {
            WasmStopped stopped = stoppedIn(e);
            if (stopped != null) {
                return ToolResult.error(stopped.getMessage());
            }
            if (e instanceof UncheckedIOException) {
                throw e;
            }
            return ToolResult.error("WASM tool " + name + " trapped: "
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
        } catch (StackOverflowError e) {
            return ToolResult.error("WASM tool " + name + " stopped: its call stack overflowed");
        }
    }

    private static WasmStopped stoppedIn(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof WasmStopped s) {
                return s;
            }
        }
        return null;
    }
}
