package svc.core.agent;

import java.util.List;

/**
 * One agent as the core runs it: its place in the hierarchy, its prompt, its model, the tools
 * it may call and the agents it may delegate to (as {@code transfer_to_<agent>} tools).
 */
public record AgentProfile(
        String name,
        String team,
        Tier tier,
        String systemPrompt,
        String model,
        String provider,
        List<String> tools,
        List<String> delegates) {

    /** Director, coordinator or worker: decides the supervision strategy too. */
    public enum Tier {
        DIRECTOR,
        COORDINATOR,
        WORKER
    }

    public AgentProfile {
        tools = List.copyOf(tools);
        delegates = List.copyOf(delegates);
    }
}
