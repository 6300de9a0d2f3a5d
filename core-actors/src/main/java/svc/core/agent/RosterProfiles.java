package svc.core.agent;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import svc.library.roster.Agent;
import svc.library.roster.Roster;
import svc.library.roster.ToolCatalog;

/**
 * Turns the library roster into the profiles the core runs. A director's or coordinator's
 * system prompt gains the list of the agents it can delegate to with their tools, as a team
 * lead would be told who does what.
 */
public final class RosterProfiles {

    private RosterProfiles() {}

    public static AgentDirectory directory(Roster roster, String providerKind) {
        List<AgentProfile> profiles = new ArrayList<>();
        for (Agent a : roster.agents()) {
            List<Agent> delegates = roster.delegatesOf(a.name());
            String prompt = a.rolePrompt()
                    + teamSection(
                            delegates.stream().map(Agent::name).toList(),
                            name -> roster.find(name)
                                    .map(d -> d.tools().stream()
                                            .map(ToolCatalog::toolName)
                                            .toList())
                                    .orElse(List.of()));
            profiles.add(new AgentProfile(
                    a.name(),
                    a.team().id(),
                    AgentProfile.Tier.valueOf(a.tier().name()),
                    prompt,
                    a.defaultModel(),
                    providerKind,
                    a.tools().stream().map(ToolCatalog::toolName).toList(),
                    delegates.stream().map(Agent::name).toList()));
        }
        return new AgentDirectory(profiles);
    }

    /**
     * What a director or coordinator is told about its team after its role prompt: each agent it
     * can delegate to with its tools (empty for an agent with no delegates). A settings file's
     * prompt replaces the role prompt and keeps this, so the agent still knows who does what.
     */
    public static String teamSection(List<String> delegates, Function<String, List<String>> toolsOf) {
        if (delegates.isEmpty()) {
            return "";
        }
        StringBuilder team = new StringBuilder("\n\nTeam members (delegate with transfer_to_<name>):\n");
        for (String d : delegates) {
            team.append("- ")
                    .append(d)
                    .append(": tools ")
                    .append(String.join(", ", toolsOf.apply(d)))
                    .append('\n');
        }
        return team.toString();
    }
}
