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
 * the catalog. Plugin agents ({@code plugin-<name>::<agent>}) join here once plugins are
 * installed; none are today.
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
