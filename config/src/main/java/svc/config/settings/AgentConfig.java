package svc.config.settings;

/**
 * One agent. {@code prompt} is either the system prompt itself or {@code @path}, a file relative
 * to the project directory. {@code null} scalars are "not written"; {@link EffectiveSettings}
 * resolves {@code model}, {@code provider}, {@code delegateMode} and {@code mode}.
 */
public record AgentConfig(
        String name,
        String prompt,
        String model,
        String provider,
        PermissionsConfig permissions,
        Boolean delegateMode,
        String mode) {}
