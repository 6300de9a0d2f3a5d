package svc.core.agent;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import svc.config.settings.AgentConfig;
import svc.config.settings.ProjectConfig;

/**
 * The roster's agents as the settings file's project changes them. For an agent the file lists:
 * its {@code prompt} replaces the roster's role prompt (the text; {@code @file} prompts are read at
 * start, see {@code EffectiveSettings.readPrompts}; a director or coordinator keeps the list of its
 * team members and their tools after it, {@link RosterProfiles#teamSection}), its {@code model}
 * (else {@code defaults.model}) replaces the roster's default, and {@code delegate_mode: true} leaves it only its
 * {@code transfer_to_} tools: it coordinates and does no work itself. When the file writes
 * {@code defaults.provider}, every agent it does not list takes {@code defaults.model} too, as it
 * takes that provider. The {@code supervisor} becomes the directory's {@link MergeSupervisor}.
 */
public final class SettingsProfiles {

    private SettingsProfiles() {}

    /** @param project the project with the spec's defaults resolved and prompts read, or null */
    public static AgentDirectory apply(AgentDirectory roster, ProjectConfig project) {
        if (project == null) {
            return roster;
        }
        Map<String, AgentConfig> listed = new HashMap<>();
        project.agents().forEach(a -> listed.put(a.name(), a));
        // The rule LlmProviders routes by: with defaults.provider, unlisted agents use that provider.
        boolean defaultProvider =
                project.defaults() != null && project.defaults().provider() != null;
        String defaultModel =
                project.defaults() == null ? null : project.defaults().model();
        List<AgentProfile> profiles = new ArrayList<>();
        for (AgentProfile p : roster.all()) {
            AgentConfig a = listed.get(p.name());
            if (a != null) {
                String model = a.model() != null ? a.model() : defaultModel != null ? defaultModel : p.model();
                String prompt = a.prompt() == null
                        ? p.systemPrompt()
                        : a.prompt()
                                + RosterProfiles.teamSection(
                                        p.delegates(),
                                        d -> roster.find(d)
                                                .map(AgentProfile::tools)
                                                .orElse(List.of()));
                List<String> tools = Boolean.TRUE.equals(a.delegateMode()) ? List.of() : p.tools();
                profiles.add(new AgentProfile(
                        p.name(), p.team(), p.tier(), prompt, model, p.provider(), tools, p.delegates()));
            } else if (defaultProvider && defaultModel != null) {
                profiles.add(new AgentProfile(
                        p.name(),
                        p.team(),
                        p.tier(),
                        p.systemPrompt(),
                        defaultModel,
                        p.provider(),
                        p.tools(),
                        p.delegates()));
            } else {
                profiles.add(p);
            }
        }
        MergeSupervisor supervisor = project.supervisor() == null
                ? null
                : new MergeSupervisor(
                        project.supervisor().prompt(), project.supervisor().model());
        return new AgentDirectory(profiles, supervisor);
    }
}
