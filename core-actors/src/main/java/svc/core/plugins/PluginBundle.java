package svc.core.plugins;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.List;
import java.util.Map;
import svc.config.settings.McpServerConfig;
import svc.config.settings.WasmToolConfig;
import svc.core.hooks.HookSpec;

/**
 * One plugin as read from its directory: the manifest and every surface it brings, plus what was
 * seen on disk but not registered ({@link Drops}). {@code mcpServers} and {@code wasmTools} are
 * parsed and validated with the settings file's rules; they are the seam through which the MCP
 * client and the WASM runtime take a plugin's servers and tools.
 */
public record PluginBundle(
        Manifest manifest,
        List<Skill> skills,
        List<Command> commands,
        List<AgentDef> agents,
        @JsonIgnore List<HookSpec> hooks,
        Map<String, McpServerConfig> mcpServers,
        List<WasmToolConfig> wasmTools,
        Drops drops) {

    public PluginBundle {
        skills = List.copyOf(skills);
        commands = List.copyOf(commands);
        agents = List.copyOf(agents);
        hooks = List.copyOf(hooks);
        mcpServers = Map.copyOf(mcpServers);
        wasmTools = List.copyOf(wasmTools);
    }

    /** {@code plugin.json}. */
    public record Manifest(String name, String version, String description) {}

    /** {@code skills/<name>/SKILL.md}: listed to agents by name and description; the body is loaded on demand. */
    public record Skill(
            String name, String description, @JsonIgnore String content) {}

    /**
     * {@code commands/<name>.md}: the body, with {@code $ARGUMENTS} replaced, becomes a task for
     * {@code agent} (a built-in agent or one of this plugin's, by its short name); null means the
     * director.
     */
    public record Command(String name, String description, String agent, String argumentHint, String body) {}

    /** {@code agents/<name>.md}: front matter description, tools, model; the body is the system prompt. */
    public record AgentDef(String name, String description, List<String> tools, String model, String systemPrompt) {
        public AgentDef {
            tools = List.copyOf(tools);
        }
    }

    /** A surface found on disk and not registered, and why. */
    public record Dropped(String surface, String name, String reason) {}

    /**
     * The install-drops payload: hook types present that svc does not run (only {@code prompt},
     * {@code agent}, {@code http} can appear) and every other surface left out, with its reason.
     */
    public record Drops(List<String> unsupportedHookTypes, List<Dropped> dropped) {
        public Drops {
            unsupportedHookTypes = List.copyOf(unsupportedHookTypes);
            dropped = List.copyOf(dropped);
        }
    }

    public String name() {
        return manifest.name();
    }
}
