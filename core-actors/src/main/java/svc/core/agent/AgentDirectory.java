package svc.core.agent;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every agent the platform runs, by name: the built-in roster (fixed at start) and the agents an
 * {@link Extension} adds at runtime (plugin agents), which never shadow a built-in name. The
 * extension may also extend the built-in profiles (skills in the prompt, {@code load_skill},
 * delegation to plugin agents); an agent reads its profile when its incarnation starts.
 */
public final class AgentDirectory {

    /** What plugins add to the directory; {@link #NONE} adds nothing. */
    public interface Extension {
        /** An added agent by name (never a built-in name). */
        Optional<AgentProfile> find(String name);

        /** Every added agent. */
        List<AgentProfile> agents();

        /** A built-in agent's profile as it runs now. */
        AgentProfile extend(AgentProfile builtIn);

        Extension NONE = new Extension() {
            @Override
            public Optional<AgentProfile> find(String name) {
                return Optional.empty();
            }

            @Override
            public List<AgentProfile> agents() {
                return List.of();
            }

            @Override
            public AgentProfile extend(AgentProfile builtIn) {
                return builtIn;
            }
        };
    }

    private final Map<String, AgentProfile> agents = new LinkedHashMap<>();
    private final MergeSupervisor supervisor;
    private volatile Extension extension = Extension.NONE;

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
        return new AgentDirectory(given, supervisor);
    }

    /** Connects what plugins add (once, while the platform is wired). */
    public void extend(Extension extension) {
        this.extension = extension;
    }

    public Optional<AgentProfile> find(String name) {
        AgentProfile builtIn = agents.get(name);
        return builtIn != null ? Optional.of(extension.extend(builtIn)) : extension.find(name);
    }

    public AgentProfile get(String name) {
        return find(name).orElseThrow(() -> new IllegalArgumentException("no agent named " + name));
    }

    public boolean isBuiltIn(String name) {
        return agents.containsKey(name);
    }

    /** The built-in agents (the roster), as they run now. */
    public Collection<AgentProfile> all() {
        return agents.values().stream().map(extension::extend).toList();
    }

    /** The agents added at runtime (plugin agents). */
    public List<AgentProfile> added() {
        return extension.agents();
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
        return new AgentDirectory(profiles, supervisor);
    }

    public AgentProfile director() {
        return agents.values().stream()
                .filter(a -> a.tier() == AgentProfile.Tier.DIRECTOR)
                .findFirst()
                .map(extension::extend)
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
