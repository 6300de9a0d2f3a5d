package svc.core.plugins;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import svc.core.hooks.Hook;
import svc.core.hooks.HookSpec;
import svc.core.hooks.ShellHook;

/**
 * The installed plugins' hooks as the pipeline runs them, in plugin-name order, each a
 * {@link ShellHook} rooted in this node's unpacked copy of its plugin; rebuilt when a plugin's
 * archive changes.
 */
public final class PluginHooks implements Supplier<List<Hook>> {

    private final PluginService plugins;
    private final ShellHook.Runtime runtime;
    private final Map<String, List<Hook>> bySha = new ConcurrentHashMap<>();

    public PluginHooks(PluginService plugins, ShellHook.Runtime runtime) {
        this.plugins = plugins;
        this.runtime = runtime;
    }

    @Override
    public List<Hook> get() {
        List<Hook> all = new ArrayList<>();
        List<InstalledPlugin> current = plugins.current();
        bySha.keySet().retainAll(current.stream().map(InstalledPlugin::sha256).toList());
        for (InstalledPlugin p : current) {
            all.addAll(bySha.computeIfAbsent(p.sha256(), sha -> hooksOf(p)));
        }
        return all;
    }

    private List<Hook> hooksOf(InstalledPlugin p) {
        List<Hook> hooks = new ArrayList<>();
        int i = 0;
        for (HookSpec spec : p.bundle().hooks()) {
            hooks.add(new ShellHook(
                    p.name() + ":hooks/hooks.json#" + spec.event() + "[" + i++ + "]",
                    p.name(),
                    spec,
                    p.root(),
                    runtime));
        }
        return hooks;
    }
}
