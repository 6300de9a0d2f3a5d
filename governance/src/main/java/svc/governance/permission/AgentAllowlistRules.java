package svc.governance.permission;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The per-agent tool set, which is the real gate for agents (the engine's default is ALLOW).
 * For an agent's request:
 * <ul>
 *   <li>{@code transfer_to_<target>} is judged only by the delegation set: allowed when
 *       {@code target} is among the agents this agent may delegate to;</li>
 *   <li>any other tool is allowed when it matches one entry (exact name or glob) of the agent's
 *       tool set;</li>
 *   <li>an agent with no entry in the allowlist may call nothing (fail closed).</li>
 * </ul>
 * Anything not allowed gets a DENY at {@link Priorities#AGENT_ALLOWLIST_DENY}. API users are not
 * agents and get no rule here.
 */
public final class AgentAllowlistRules implements RuleProvider {

    public static final String TRANSFER_PREFIX = "transfer_to_";

    private final Function<String, Set<String>> toolsOf;
    private final Function<String, Set<String>> delegatesOf;

    /**
     * @param toolsByAgent     agent → tool names or globs it may call
     * @param delegatesByAgent agent → agents it may hand over to with {@code transfer_to_<agent>}
     */
    public AgentAllowlistRules(Map<String, Set<String>> toolsByAgent, Map<String, Set<String>> delegatesByAgent) {
        this(Map.copyOf(toolsByAgent)::get, Map.copyOf(delegatesByAgent)::get);
    }

    /**
     * The same over a roster that changes at runtime (plugin agents come and go): each function
     * gives an agent's set, or null for an agent it does not know.
     */
    public AgentAllowlistRules(Function<String, Set<String>> toolsOf, Function<String, Set<String>> delegatesOf) {
        this.toolsOf = toolsOf;
        this.delegatesOf = delegatesOf;
    }

    @Override
    public RuleSource source() {
        return RuleSource.AGENT_ALLOWLIST;
    }

    @Override
    public List<PermissionRule> rulesFor(PermissionRequest request) {
        if (!(request.subject() instanceof Subject.Agent agent)) {
            return List.of();
        }
        String tool = request.tool();
        String refusal = refusal(agent.name(), tool);
        return refusal == null
                ? List.of()
                : List.of(PermissionRule.of(
                        "agent_allowlist:" + agent.name(),
                        tool,
                        Behavior.DENY,
                        Priorities.AGENT_ALLOWLIST_DENY,
                        refusal,
                        RuleSource.AGENT_ALLOWLIST));
    }

    /** The reason the agent may not call the tool, or {@code null} when it may. */
    private String refusal(String agent, String tool) {
        if (tool.startsWith(TRANSFER_PREFIX)) {
            String target = tool.substring(TRANSFER_PREFIX.length());
            Set<String> delegates = delegatesOf.apply(agent);
            delegates = delegates == null ? Set.of() : delegates;
            return delegates.contains(target)
                    ? null
                    : "agent " + agent + " may not delegate to " + target + " (not in its delegation set)";
        }
        Set<String> tools = toolsOf.apply(agent);
        if (tools == null) {
            return "agent " + agent + " has no tool allowlist";
        }
        for (String allowed : tools) {
            if (Glob.matches(allowed, tool)) {
                return null;
            }
        }
        return "tool " + tool + " is not in the allowlist of agent " + agent;
    }
}
