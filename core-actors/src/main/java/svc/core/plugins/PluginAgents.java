package svc.core.plugins;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import svc.core.agent.AgentDirectory;
import svc.core.agent.AgentProfile;
import svc.core.agent.Delegation;

/**
 * What installed plugins add to the agents. Each plugin agent is a persistent agent like the
 * built-in ones (the same entity, loop and governance), named {@code plugin-<plugin>::<agent>},
 * a worker whose prompt is its file's body and whose tools are those its front matter names. The
 * director and the coordinators may delegate to every plugin agent. Every agent is told the
 * installed skills and gets {@code load_skill}. With {@value #FLAG} off, plugin agents vanish
 * (not found, not offered); skills stay.
 */
public final class PluginAgents implements AgentDirectory.Extension {

    public static final String FLAG = "plugin_agents_enabled";
    public static final String PREFIX = "plugin-";
    public static final String SEPARATOR = "::";

    private final PluginService plugins;
    private final String defaultModel;
    private final String providerKind;

    public PluginAgents(PluginService plugins, String defaultModel, String providerKind) {
        this.plugins = plugins;
        this.defaultModel = defaultModel;
        this.providerKind = providerKind;
    }

    public static String qualifiedName(String plugin, String agent) {
        return PREFIX + plugin + SEPARATOR + agent;
    }

    /** A plugin agent's profile with the plugin it comes from and its definition. */
    public record PluginAgent(String plugin, PluginBundle.AgentDef definition, AgentProfile profile) {}

    /** Every plugin agent, whatever the flag says (the API reads the flag itself). */
    public List<PluginAgent> all() {
        List<PluginAgent> out = new ArrayList<>();
        String skills = skillList();
        for (InstalledPlugin p : plugins.current()) {
            for (PluginBundle.AgentDef def : p.bundle().agents()) {
                out.add(new PluginAgent(p.name(), def, profile(p.name(), def, skills)));
            }
        }
        return out;
    }

    private AgentProfile profile(String plugin, PluginBundle.AgentDef def, String skills) {
        List<String> tools = new ArrayList<>(def.tools());
        if (!skills.isEmpty() && !tools.contains(LoadSkillTool.NAME)) {
            tools.add(LoadSkillTool.NAME);
        }
        return new AgentProfile(
                qualifiedName(plugin, def.name()),
                PREFIX + plugin,
                AgentProfile.Tier.WORKER,
                def.systemPrompt() + skills,
                def.model() == null || def.model().isBlank() ? defaultModel : def.model(),
                providerKind,
                tools,
                List.of());
    }

    @Override
    public Optional<AgentProfile> find(String name) {
        if (!name.startsWith(PREFIX) || !name.contains(SEPARATOR) || !plugins.enabled(FLAG)) {
            return Optional.empty();
        }
        return all().stream()
                .map(PluginAgent::profile)
                .filter(p -> p.name().equals(name))
                .findFirst();
    }

    @Override
    public List<AgentProfile> agents() {
        return plugins.enabled(FLAG) ? all().stream().map(PluginAgent::profile).toList() : List.of();
    }

    @Override
    public AgentProfile extend(AgentProfile builtIn) {
        String skills = skillList();
        List<AgentProfile> added = builtIn.tier() == AgentProfile.Tier.WORKER ? List.of() : agents();
        if (skills.isEmpty() && added.isEmpty()) {
            return builtIn;
        }
        StringBuilder prompt = new StringBuilder(builtIn.systemPrompt());
        List<String> tools = new ArrayList<>(builtIn.tools());
        List<String> delegates = new ArrayList<>(builtIn.delegates());
        if (!added.isEmpty()) {
            prompt.append("\n\nPlugin agents (delegate with the transfer_to_ tool named):\n");
            for (AgentProfile a : added) {
                delegates.add(a.name());
                prompt.append("- ")
                        .append(a.name())
                        .append(" (")
                        .append(Delegation.toolName(a.name()))
                        .append("): tools ")
                        .append(String.join(", ", a.tools()))
                        .append('\n');
            }
        }
        if (!skills.isEmpty()) {
            prompt.append(skills);
            tools.add(LoadSkillTool.NAME);
        }
        return new AgentProfile(
                builtIn.name(),
                builtIn.team(),
                builtIn.tier(),
                prompt.toString(),
                builtIn.model(),
                builtIn.provider(),
                tools,
                delegates);
    }

    /** The skills every agent is told about, or "" when none is installed. */
    private String skillList() {
        StringBuilder s = new StringBuilder();
        for (InstalledPlugin p : plugins.current()) {
            for (PluginBundle.Skill skill : p.bundle().skills()) {
                s.append("- ")
                        .append(p.name())
                        .append(':')
                        .append(skill.name())
                        .append(": ")
                        .append(skill.description())
                        .append('\n');
            }
        }
        return s.isEmpty() ? "" : "\n\nSkills (read one with load_skill {\"name\": \"<plugin>:<skill>\"}):\n" + s;
    }
}
