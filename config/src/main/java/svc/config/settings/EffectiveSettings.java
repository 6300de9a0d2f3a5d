package svc.config.settings;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Settings with the spec's default cascade applied, in one place:
 *
 * <ul>
 *   <li>agent {@code model} → {@code defaults.model} → {@code sonnet}; agent {@code provider} →
 *       {@code defaults.provider} → {@code default}; agent {@code mode} → {@code defaults.mode} →
 *       {@code cascade}; {@code delegate_mode} → false;
 *   <li>supervisor {@code model} → the resolved {@code defaults.model};
 *   <li>{@code defaults} always present, with commit_interval 300, max_consecutive_errors 5,
 *       max_total_errors 20 and every liveness default;
 *   <li>each provider's {@code api_key_env} → {@code ANTHROPIC_API_KEY}, and a provider named
 *       {@code default} of type {@code anthropic} whenever the project uses {@code default}
 *       without defining it, so every provider name in the result resolves.
 * </ul>
 *
 * Fields whose spec default is "null" (session_timeout, permissions, a missing supervisor, WASM
 * limits) stay null.
 */
public final class EffectiveSettings {

    /** An agent's mode when neither it nor {@code defaults.mode} names one. */
    public static final String DEFAULT_MODE = "cascade";

    private final Settings settings;

    EffectiveSettings(Settings settings) {
        this.settings = settings;
    }

    /**
     * The resolved configuration of the project at {@code projectDir}. The directory is made
     * absolute and normalized; when that is not a key of the file, its real path (symbolic links
     * resolved) is tried too.
     */
    public Optional<ProjectConfig> effectiveProject(Path projectDir) {
        Path normalized = projectDir.toAbsolutePath().normalize();
        ProjectConfig project = settings.projects().get(normalized.toString());
        if (project == null && Files.exists(normalized)) {
            try {
                project = settings.projects().get(normalized.toRealPath().toString());
            } catch (IOException e) {
                project = null; // unreadable: it cannot match a key then
            }
        }
        return Optional.ofNullable(project).map(EffectiveSettings::resolve);
    }

    /** Every project of the file, resolved, in the file's order. */
    public Map<String, ProjectConfig> projects() {
        Map<String, ProjectConfig> resolved = new LinkedHashMap<>();
        settings.projects().forEach((key, project) -> resolved.put(key, resolve(project)));
        return resolved;
    }

    /** One project with every default of the spec applied. */
    public static ProjectConfig resolve(ProjectConfig project) {
        DefaultsConfig defaults = project.defaults() == null
                ? new DefaultsConfig(null, null, null, null, null, null, null, null).withDefaults()
                : project.defaults().withDefaults();
        List<AgentConfig> agents =
                project.agents().stream().map(agent -> resolve(agent, defaults)).toList();
        SupervisorConfig supervisor = project.supervisor() == null
                ? null
                : new SupervisorConfig(
                        project.supervisor().prompt(),
                        orElse(project.supervisor().model(), defaults.model()));
        return new ProjectConfig(
                agents,
                supervisor,
                defaults,
                providers(project.providers(), agents, defaults),
                project.permissions(),
                project.hooks(),
                project.mcpServers(),
                project.wasmTools(),
                project.subAgentDefaults());
    }

    /**
     * The project with every {@code @path} prompt (agents' and the supervisor's) replaced by the
     * file's text, read relative to {@code projectDir}; what the runtime sends its models.
     *
     * @throws IOException naming the file that cannot be read
     */
    public static ProjectConfig readPrompts(ProjectConfig project, Path projectDir) throws IOException {
        List<AgentConfig> agents = new ArrayList<>();
        for (AgentConfig a : project.agents()) {
            agents.add(new AgentConfig(
                    a.name(),
                    promptText(a.prompt(), projectDir),
                    a.model(),
                    a.provider(),
                    a.permissions(),
                    a.delegateMode(),
                    a.mode()));
        }
        SupervisorConfig supervisor = project.supervisor() == null
                ? null
                : new SupervisorConfig(
                        promptText(project.supervisor().prompt(), projectDir),
                        project.supervisor().model());
        return new ProjectConfig(
                agents,
                supervisor,
                project.defaults(),
                project.providers(),
                project.permissions(),
                project.hooks(),
                project.mcpServers(),
                project.wasmTools(),
                project.subAgentDefaults());
    }

    private static String promptText(String prompt, Path projectDir) throws IOException {
        if (prompt == null || !prompt.startsWith("@")) {
            return prompt;
        }
        Path file = projectDir.resolve(prompt.substring(1)).normalize();
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IOException("prompt file " + file + " (" + prompt + ") cannot be read: " + e.getMessage(), e);
        }
    }

    private static AgentConfig resolve(AgentConfig agent, DefaultsConfig defaults) {
        return new AgentConfig(
                agent.name(),
                agent.prompt(),
                orElse(agent.model(), defaults.model()),
                orElse(agent.provider(), defaults.provider()),
                agent.permissions(),
                orElse(agent.delegateMode(), Boolean.FALSE),
                orElse(agent.mode(), orElse(defaults.mode(), DEFAULT_MODE)));
    }

    private static Map<String, ProviderConfig> providers(
            Map<String, ProviderConfig> written, List<AgentConfig> agents, DefaultsConfig defaults) {
        Map<String, ProviderConfig> providers = new LinkedHashMap<>();
        written.forEach((name, provider) -> providers.put(name, provider.withDefaults()));
        String implicit = DefaultsConfig.DEFAULT_PROVIDER;
        boolean usesImplicit = defaults.provider().equals(implicit)
                || agents.stream().anyMatch(agent -> agent.provider().equals(implicit));
        if (usesImplicit && !providers.containsKey(implicit)) {
            providers.put(implicit, ProviderConfig.IMPLICIT_DEFAULT);
        }
        return providers;
    }

    private static <T> T orElse(T value, T fallback) {
        return value != null ? value : fallback;
    }
}
