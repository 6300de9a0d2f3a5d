package svc.config.settings;

import com.fasterxml.jackson.core.JsonPointer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What only the runtime can judge in a valid file: the agent names against the agents the
 * platform runs (an error: a setting for an agent that does not exist would do nothing), and
 * fields that have no meaning on this platform (a warning, never silence). {@code svc settings
 * validate} and {@code svc server} both run these.
 */
public final class SettingsChecks {

    /** The one execution mode here: the director hands stages to coordinators, they to workers. */
    public static final String CASCADE = EffectiveSettings.DEFAULT_MODE;

    /**
     * What the platform runs.
     *
     * @param agents every agent a file may name (the roster's, and plugin agents {@code plugin-<name>::<agent>})
     * @param delegators the agents that have someone to delegate to
     * @param tools every tool an agent can call
     */
    public record Known(Collection<String> agents, Set<String> delegators, Collection<String> tools) {
        public Known {
            agents = List.copyOf(agents);
            delegators = Set.copyOf(delegators);
            tools = List.copyOf(tools);
        }
    }

    private SettingsChecks() {}

    /** The agents of every project that name no agent the platform runs, with a "did you mean". */
    public static List<SettingsProblem> unknownAgents(Settings settings, Known known) {
        List<SettingsProblem> problems = new ArrayList<>();
        settings.projects().forEach((key, project) -> problems.addAll(unknownAgents(key, project, known)));
        return problems;
    }

    /** The agents of one project that name no agent the platform runs. */
    public static List<SettingsProblem> unknownAgents(String projectKey, ProjectConfig project, Known known) {
        List<SettingsProblem> problems = new ArrayList<>();
        for (int i = 0; i < project.agents().size(); i++) {
            String name = project.agents().get(i).name();
            if (name.startsWith("plugin-") && name.contains("::")) {
                // Well-formed, but this file is read at start and plugins are installed at runtime
                // (kept in the database); a plugin brings its agents' prompt, model and tools itself.
                problems.add(new SettingsProblem(
                        at(projectKey)
                                .appendProperty("agents")
                                .appendIndex(i)
                                .appendProperty("name")
                                .toString(),
                        "`" + name + "` is a plugin agent: plugin agents are configured by their plugin "
                                + "(agents/<agent>.md: description, tools, model, prompt), not in the "
                                + "settings file; the project's `permissions` and the "
                                + "plugin_agents_enabled flag apply to them"));
            } else if (!known.agents().contains(name)) {
                problems.add(new SettingsProblem(
                        at(projectKey)
                                .appendProperty("agents")
                                .appendIndex(i)
                                .appendProperty("name")
                                .toString(),
                        "agent `" + name + "` is not an agent of this platform"
                                + Suggestions.didYouMean(name, known.agents())
                                + " (the roster's agents, e.g. " + examples(known.agents()) + ")"));
            }
        }
        return problems;
    }

    /** Every project's warnings. */
    public static List<SettingsProblem> warnings(Settings settings, Known known) {
        List<SettingsProblem> warnings = new ArrayList<>();
        settings.projects().forEach((key, project) -> warnings.addAll(warnings(key, project, known)));
        return warnings;
    }

    /** Fields of one project (as written) that mean nothing here, or rules that can never match. */
    public static List<SettingsProblem> warnings(String projectKey, ProjectConfig project, Known known) {
        List<SettingsProblem> warnings = new ArrayList<>();
        JsonPointer root = at(projectKey);
        DefaultsConfig defaults = project.defaults();
        if (defaults != null && defaults.commitInterval() != null) {
            warnings.add(new SettingsProblem(
                    root.appendProperty("defaults")
                            .appendProperty("commit_interval")
                            .toString(),
                    "commit_interval has no meaning here and is ignored: every agent step is committed to the "
                            + "run's journal as it happens, and a run's files go to the artefact store after "
                            + "every tool call"));
        }
        if (defaults != null && defaults.mode() != null && !defaults.mode().equals(CASCADE)) {
            warnings.add(modeWarning(root.appendProperty("defaults").appendProperty("mode"), defaults.mode()));
        }
        for (int i = 0; i < project.agents().size(); i++) {
            AgentConfig a = project.agents().get(i);
            JsonPointer agentAt = root.appendProperty("agents").appendIndex(i);
            if (a.mode() != null && !a.mode().equals(CASCADE)) {
                warnings.add(modeWarning(agentAt.appendProperty("mode"), a.mode()));
            }
            if (Boolean.TRUE.equals(a.delegateMode())
                    && known.agents().contains(a.name())
                    && !known.delegators().contains(a.name())) {
                warnings.add(new SettingsProblem(
                        agentAt.appendProperty("delegate_mode").toString(),
                        "delegate_mode leaves `" + a.name() + "` only its delegation tools, and it has nobody to "
                                + "delegate to: it can only answer in words"));
            }
            if (a.permissions() != null) {
                rules(agentAt.appendProperty("permissions"), a.permissions(), known, warnings);
            }
        }
        if (project.permissions() != null) {
            rules(root.appendProperty("permissions"), project.permissions(), known, warnings);
        }
        return warnings;
    }

    private static SettingsProblem modeWarning(JsonPointer at, String mode) {
        return new SettingsProblem(
                at.toString(),
                "mode `" + mode + "` has no meaning here and is ignored: agents run in `" + CASCADE
                        + "` mode (the director hands each stage to its team's coordinator, who hands steps to "
                        + "workers)");
    }

    private static void rules(JsonPointer at, PermissionsConfig p, Known known, List<SettingsProblem> out) {
        for (Map.Entry<String, List<String>> list :
                Map.of("allow", p.allow(), "ask", p.ask(), "deny", p.deny()).entrySet()) {
            for (int i = 0; i < list.getValue().size(); i++) {
                PermissionRule rule = PermissionRule.parse(list.getValue().get(i));
                if (!known.tools().contains(rule.tool())) {
                    out.add(new SettingsProblem(
                            at.appendProperty(list.getKey()).appendIndex(i).toString(),
                            "`" + rule.tool() + "` is no tool of this platform, so this rule never matches"
                                    + Suggestions.didYouMean(rule.tool(), known.tools()) + " (tools: "
                                    + String.join(", ", new TreeSet<>(known.tools())) + ")"));
                }
            }
        }
    }

    private static JsonPointer at(String projectKey) {
        return JsonPointer.empty().appendProperty(projectKey);
    }

    private static String examples(Collection<String> agents) {
        return String.join(", ", agents.stream().limit(3).toList());
    }
}
