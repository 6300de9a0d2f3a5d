package svc.library.roster;

import java.util.List;
import java.util.Optional;

/**
 * One agent of the roster.
 *
 * @param rolePrompt   the agent's system prompt: what it does, with which tools, when it is done
 * @param tools        its tool allowlist, without the delegation tools the core adds
 * @param defaultModel the model it uses unless the deployment or settings file says otherwise
 * @param reportsTo    its superior's name; empty only for the director
 */
public record Agent(
        String name,
        Team team,
        Tier tier,
        String rolePrompt,
        List<ToolCatalog> tools,
        String defaultModel,
        Optional<String> reportsTo) {

    public Agent {
        tools = List.copyOf(tools);
    }

    public boolean mayUse(String toolName) {
        return tools.stream().anyMatch(t -> t.toolName().equals(toolName));
    }
}
