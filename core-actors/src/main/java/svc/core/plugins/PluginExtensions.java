package svc.core.plugins;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.core.extensions.Extensions;

/**
 * Runs installed plugins' MCP servers ({@code .mcp.json}) and WASM tools ({@code wasm/}) through
 * {@link Extensions}, as origin {@code plugin:<name>} with the plugin's unpacked root as base
 * directory. It follows {@link PluginService#listen}: a plugin that appears is added, one that
 * goes (or comes back with other content) has its tools taken away and its servers stopped first.
 * Every node runs one of these over the set it reads from the database, so the tools exist on
 * every node; what a node could not add is answered through {@link RuntimeSurfaces} and shows in
 * the plugin's install-drops.
 */
public final class PluginExtensions implements RuntimeSurfaces, Consumer<List<InstalledPlugin>> {

    private static final Logger LOG = LoggerFactory.getLogger(PluginExtensions.class);

    private final Extensions extensions;
    /** The installed digest each plugin's surfaces were added for, by plugin name. */
    private final Map<String, String> added = new HashMap<>();
    /** Why a plugin's servers and tools were not added, by plugin name (digest-checked on read). */
    private final Map<String, Refusal> refused = new HashMap<>();

    private record Refusal(String sha256, String reason) {}

    public PluginExtensions(Extensions extensions) {
        this.extensions = extensions;
    }

    public static String origin(String plugin) {
        return "plugin:" + plugin;
    }

    @Override
    public synchronized void accept(List<InstalledPlugin> installed) {
        Map<String, InstalledPlugin> now = new HashMap<>();
        installed.forEach(p -> now.put(p.name(), p));
        Set<String> known = new HashSet<>(added.keySet());
        known.addAll(refused.keySet());
        for (String name : known) {
            InstalledPlugin p = now.get(name);
            String sha = added.containsKey(name)
                    ? added.get(name)
                    : refused.get(name).sha256();
            if (p == null || !p.sha256().equals(sha)) {
                if (added.remove(name) != null) {
                    extensions.remove(origin(name));
                    LOG.info("MCP servers and WASM tools of plugin {} removed", name);
                }
                refused.remove(name);
            }
        }
        for (InstalledPlugin p : installed) {
            if (added.containsKey(p.name()) || refused.containsKey(p.name()) || !brings(p)) {
                continue;
            }
            try {
                extensions.add(new Extensions.Definitions(
                        origin(p.name()),
                        p.root(),
                        p.bundle().mcpServers(),
                        p.bundle().wasmTools()));
                added.put(p.name(), p.sha256());
                LOG.info(
                        "plugin {}: MCP servers {} and WASM tools {} added",
                        p.name(),
                        p.bundle().mcpServers().keySet(),
                        p.bundle().wasmTools().stream().map(w -> w.name()).toList());
            } catch (RuntimeException e) {
                refused.put(p.name(), new Refusal(p.sha256(), e.getMessage()));
                LOG.warn("plugin {}: its MCP servers and WASM tools were not added: {}", p.name(), e.getMessage());
            }
        }
    }

    @Override
    public synchronized List<PluginBundle.Dropped> notRegistered(InstalledPlugin plugin) {
        Refusal r = refused.get(plugin.name());
        if (r == null || !r.sha256().equals(plugin.sha256())) {
            return List.of();
        }
        List<PluginBundle.Dropped> dropped = new ArrayList<>();
        plugin.bundle()
                .mcpServers()
                .keySet()
                .forEach(n -> dropped.add(new PluginBundle.Dropped("mcp_server", n, r.reason())));
        plugin.bundle()
                .wasmTools()
                .forEach(w -> dropped.add(new PluginBundle.Dropped("wasm_tool", w.name(), r.reason())));
        return dropped;
    }

    private static boolean brings(InstalledPlugin p) {
        return !p.bundle().mcpServers().isEmpty() || !p.bundle().wasmTools().isEmpty();
    }
}
