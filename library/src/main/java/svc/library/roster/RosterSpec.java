package svc.library.roster;

import java.util.List;

/** The roster YAML as written, before validation; see {@link Roster}. */
record RosterSpec(List<AgentSpec> agents) {

    RosterSpec {
        agents = agents == null ? List.of() : agents;
    }

    record AgentSpec(
            String name,
            String team,
            String tier,
            String rolePrompt,
            List<String> tools,
            String defaultModel,
            String reportsTo) {}
}
