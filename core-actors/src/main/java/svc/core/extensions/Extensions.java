package svc.core.extensions;

import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import svc.config.settings.AgentConfig;
import svc.config.settings.McpServerConfig;
import svc.config.settings.PermissionRule;
import svc.config.settings.ProjectConfig;
import svc.config.settings.WasmToolConfig;
import svc.core.tools.ToolRegistry;
import svc.core.tools.mcp.McpServers;
import svc.core.tools.wasm.WasmTool;
import svc.governance.egress.EgressPolicy;

/**
 * The one entry point for tools users add. {@link #add} takes a set of definitions from any
 * origin (the settings file's {@code mcpServers} and {@code wasm_tools}; a plugin's
 * {@code .mcp.json} and {@code wasm/} manifest, same shapes) and puts them in the catalogue:
 * MCP servers as {@code mcp__<server>__<tool>} (started on first need), WASM tools under their
 * names. Every tool so added is called like any other, through the permission engine.
 */
public final class Extensions {

    /**
     * Definitions from one origin: {@code settings}, {@code plugin:<name>}; relative WASM paths
     * are resolved against {@code baseDir} (the project directory, the plugin's root).
     */
    public record Definitions(
            String origin, Path baseDir, Map<String, McpServerConfig> mcpServers, List<WasmToolConfig> wasmTools) {
        public Definitions {
            mcpServers = mcpServers == null ? Map.of() : Map.copyOf(mcpServers);
            wasmTools = wasmTools == null ? List.of() : List.copyOf(wasmTools);
        }
    }

    private final ToolRegistry registry;
    private final ExtensionSettings settings;
    private final EgressPolicy egress;
    private final Function<String, String> secrets;
    private final McpServers mcp;
    /** The WASM tools each origin registered, so that {@link #remove} takes exactly those away. */
    private final Map<String, List<String>> wasmByOrigin = new HashMap<>();

    /**
     * @param secrets a secret's value by name, for WASM tools' {@code secret_check} (the environment)
     */
    public Extensions(
            ToolRegistry registry,
            ExtensionSettings settings,
            EgressPolicy egress,
            Function<String, String> secrets,
            Clock clock) {
        this.registry = registry;
        this.settings = settings;
        this.egress = egress;
        this.secrets = secrets;
        this.mcp = new McpServers(settings.mcp(), clock);
        registry.register(mcp);
    }

    /**
     * Adds the definitions; nothing starts. WASM modules are read and checked now, so a broken
     * one is refused here, before any of the set is registered.
     *
     * @throws IllegalArgumentException naming the definition that cannot be used, and why
     */
    public synchronized void add(Definitions definitions) {
        List<WasmTool> wasm = new ArrayList<>();
        for (WasmToolConfig c : definitions.wasmTools()) {
            if (registry.find(c.name()).isPresent()) {
                throw new IllegalArgumentException("WASM tool " + c.name() + " (" + definitions.origin()
                        + ") has the name of a tool that exists already");
            }
            wasm.add(WasmTool.load(c, definitions.baseDir(), settings.wasm(), egress, secrets));
        }
        if (wasmByOrigin.containsKey(definitions.origin())) {
            throw new IllegalArgumentException(
                    definitions.origin() + " has added its tools already; remove them first");
        }
        mcp.add(definitions.origin(), definitions.mcpServers());
        wasm.forEach(registry::register);
        wasmByOrigin.put(definitions.origin(), wasm.stream().map(WasmTool::name).toList());
    }

    /**
     * Takes away everything one origin added (a plugin removed or replaced): its WASM tools leave
     * the catalogue and its MCP servers are removed and stopped (a stdio server's process ends).
     */
    public synchronized void remove(String origin) {
        List<String> wasm = wasmByOrigin.remove(origin);
        if (wasm != null) {
            wasm.forEach(registry::unregister);
        }
        mcp.remove(origin);
    }

    /** The address of an HTTP or SSE MCP server behind a tool name, for the egress allowlist (G1). */
    public Optional<String> remoteUrlOf(String toolName) {
        return mcp.remoteUrlOf(toolName);
    }

    /**
     * Which agents the settings file grants extension tools: an agent's {@code permissions.allow}
     * naming {@code mcp__<server>} (every tool of that server), {@code mcp__<server>__<tool>}, or a
     * WASM tool of the project. Agents not listed get none: the agent allowlist stays the gate.
     * Other allow rules are left to the permission engine and grant nothing here.
     */
    public static Map<String, List<String>> grants(ProjectConfig project) {
        Map<String, List<String>> grants = new LinkedHashMap<>();
        if (project == null) {
            return grants;
        }
        Set<String> wasm = new HashSet<>();
        project.wasmTools().forEach(w -> wasm.add(w.name()));
        for (AgentConfig a : project.agents()) {
            if (a.permissions() == null) {
                continue;
            }
            List<String> tools = new ArrayList<>();
            for (String rule : a.permissions().allow()) {
                String tool = PermissionRule.parse(rule).tool();
                if (tool.startsWith(McpServers.PREFIX)) {
                    String rest = tool.substring(McpServers.PREFIX.length());
                    tools.add(rest.contains(McpServers.SEPARATOR) ? tool : tool + McpServers.SEPARATOR + "*");
                } else if (wasm.contains(tool)) {
                    tools.add(tool);
                }
            }
            if (!tools.isEmpty()) {
                grants.put(a.name(), List.copyOf(tools));
            }
        }
        return grants;
    }
}
