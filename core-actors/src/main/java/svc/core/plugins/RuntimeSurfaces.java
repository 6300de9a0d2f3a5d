package svc.core.plugins;

import java.util.ArrayList;
import java.util.List;

/**
 * The seam between plugins and the runtimes that run their MCP servers ({@code .mcp.json}) and
 * WASM tools ({@code wasm/}). The runtimes take each plugin's servers and tools from
 * {@link PluginService#listen} (the whole installed set after each change) and answer here, for
 * one plugin, what they did not register and why; that appears in the plugin's install-drops. {@link #NONE} is
 * what a node without those runtimes uses: every server and tool is dropped, visibly.
 */
@FunctionalInterface
public interface RuntimeSurfaces {

    List<PluginBundle.Dropped> notRegistered(InstalledPlugin plugin);

    RuntimeSurfaces NONE = plugin -> {
        List<PluginBundle.Dropped> dropped = new ArrayList<>();
        plugin.bundle()
                .mcpServers()
                .keySet()
                .forEach(name -> dropped.add(new PluginBundle.Dropped(
                        "mcp_server", name, "validated, but this node has no MCP client to start it")));
        plugin.bundle()
                .wasmTools()
                .forEach(tool -> dropped.add(new PluginBundle.Dropped(
                        "wasm_tool", tool.name(), "validated, but this node has no WASM runtime to load it")));
        return dropped;
    };
}
