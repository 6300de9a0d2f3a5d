package svc.core.agent;

import java.util.ArrayList;
import java.util.List;
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
            StringBuilder prompt = new StringBuilder(a.rolePrompt());
            if (!delegates.isEmpty()) {
                prompt.append("\n\nTeam members (delegate with transfer_to_<name>):\n");
                for (Agent d : delegates) {
                    List<String> tools =
                            d.tools().stream().map(ToolCatalog::toolName).toList();
                    prompt.append("- ")
                            .append(d.name())
                            .append(": tools ")
                            .append(String.join(", ", tools))
                            .append('\n');
                }
            }
            profiles.add(new AgentProfile(
                    a.name(),
                    a.team().id(),
                    AgentProfile.Tier.valueOf(a.tier().name()),
                    prompt.toString(),
                    a.defaultModel(),
                    providerKind,
                    a.tools().stream().map(ToolCatalog::toolName).toList(),
                    delegates.stream().map(Agent::name).toList()));
        }
        return new AgentDirectory(profiles);
    }
}
