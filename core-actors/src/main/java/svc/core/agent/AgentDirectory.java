package svc.core.agent;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Every agent the platform runs, by name; built once at start from the library roster. */
public final class AgentDirectory {

    private final Map<String, AgentProfile> agents = new LinkedHashMap<>();
    private final MergeSupervisor supervisor;

    public AgentDirectory(Collection<AgentProfile> profiles) {
        this(profiles, null);
    }

    /** @param supervisor the settings file's supervisor for merges, or null for the coordinators' own */
    public AgentDirectory(Collection<AgentProfile> profiles, MergeSupervisor supervisor) {
        for (AgentProfile p : profiles) {
            if (agents.putIfAbsent(p.name(), p) != null) {
                throw new IllegalArgumentException("agent defined twice: " + p.name());
            }
        }
        this.supervisor = supervisor;
    }

    /** The prompt and model of merge turns, when the settings file gives them. */
    public Optional<MergeSupervisor> supervisor() {
        return Optional.ofNullable(supervisor);
    }

    /** The same agents, each also given {@code tool} (a platform tool every agent may call). */
    public AgentDirectory withToolForAll(String tool) {
        List<AgentProfile> given = new ArrayList<>();
        for (AgentProfile p : agents.values()) {
            List<String> tools = new ArrayList<>(p.tools());
            if (!tools.contains(tool)) {
                tools.add(tool);
            }
            given.add(new AgentProfile(
                    p.name(), p.team(), p.tier(), p.systemPrompt(), p.model(), p.provider(), tools, p.delegates()));
        }
        return new AgentDirectory(given);
    }

    public Optional<AgentProfile> find(String name) {
        return Optional.ofNullable(agents.get(name));
    }

    public AgentProfile get(String name) {
        return find(name).orElseThrow(() -> new IllegalArgumentException("no agent named " + name));
    }

    public Collection<AgentProfile> all() {
        return agents.values();
    }

    /**
     * The same agents, each also allowed the tools (names or globs) granted to it, such as the
     * MCP and WASM tools the settings file grants; a grant for an unknown agent is refused.
     */
    public AgentDirectory withTools(Map<String, List<String>> grants) {
        if (grants.isEmpty()) {
            return this;
        }
        for (String agent : grants.keySet()) {
            if (!agents.containsKey(agent)) {
                throw new IllegalArgumentException("tools are granted to agent " + agent + ", which does not exist");
            }
        }
        List<AgentProfile> profiles = new ArrayList<>();
        for (AgentProfile p : agents.values()) {
            List<String> extra = grants.getOrDefault(p.name(), List.of());
            if (extra.isEmpty()) {
                profiles.add(p);
                continue;
            }
            List<String> tools = new ArrayList<>(p.tools());
            extra.stream().filter(t -> !tools.contains(t)).forEach(tools::add);
            profiles.add(new AgentProfile(
                    p.name(), p.team(), p.tier(), p.systemPrompt(), p.model(), p.provider(), tools, p.delegates()));
        }
        return new AgentDirectory(profiles);
    }

    public AgentProfile director() {
        return agents.values().stream()
                .filter(a -> a.tier() == AgentProfile.Tier.DIRECTOR)
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("the roster has no director"));
    }

    public String coordinatorOf(String team) {
        return agents.values().stream()
                .filter(a ->
                        a.tier() == AgentProfile.Tier.COORDINATOR && a.team().equals(team))
                .map(AgentProfile::name)
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no coordinator for team " + team));
    }
}
