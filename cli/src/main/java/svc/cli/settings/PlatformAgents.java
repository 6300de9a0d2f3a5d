package svc.cli.settings;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import svc.config.settings.SettingsChecks;
import svc.library.roster.Agent;
import svc.library.roster.Roster;
import svc.library.roster.ToolCatalog;

/**
 * What a settings file may name on this platform: the built-in roster's agents and the tools of
 * the catalog. Plugin agents ({@code plugin-<name>::<agent>}) are not among them, by design: the
 * file is read when the server starts, plugins are installed at runtime (kept in the database,
 * read by every node after start), and a plugin brings its agents' prompt, model and tools itself
 * ({@code agents/<agent>.md}). The validator refuses such a name with that reason rather than a
 * "did you mean"; the project's {@code permissions} and the {@code plugin_agents_enabled} flag
 * apply to plugin agents as to every agent.
 */
public final class PlatformAgents {

    private PlatformAgents() {}

    public static SettingsChecks.Known known() {
        Roster roster = Roster.builtIn();
        List<String> agents = new ArrayList<>();
        Set<String> delegators = new HashSet<>();
        for (Agent a : roster.agents()) {
            agents.add(a.name());
            if (!roster.delegatesOf(a.name()).isEmpty()) {
                delegators.add(a.name());
            }
        }
        List<String> tools = new ArrayList<>();
        for (ToolCatalog t : ToolCatalog.values()) {
            tools.add(t.toolName());
        }
        return new SettingsChecks.Known(agents, delegators, tools);
    }
}
