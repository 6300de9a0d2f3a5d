package svc.config.features;

import java.util.List;

/**
 * The features svc ships with. The aliases are the earlier short names (without {@code _enabled})
 * that deployments may still set as {@code SVC_FEATURE_HOOKS} and the like.
 */
public final class BuiltInFeatures {

    public static final String AUDIT_LOG_ENABLED = "audit_log_enabled";
    public static final String HOOKS_ENABLED = "hooks_enabled";
    public static final String CRON_SCHEDULER = "cron_scheduler";
    public static final String BATCH_RUNNER = "batch_runner";
    public static final String PLUGIN_SHELL_HOOKS_ENABLED = "plugin_shell_hooks_enabled";
    public static final String PLUGIN_COMMANDS_ENABLED = "plugin_commands_enabled";
    public static final String PLUGIN_AGENTS_ENABLED = "plugin_agents_enabled";
    public static final String CODE_EXECUTION_ENABLED = "code_execution_enabled";

    /** Every built-in feature, in the order {@link FeatureRegistry#list()} shows them. */
    public static final List<FeatureFlag> ALL = List.of(
            new FeatureFlag(
                    AUDIT_LOG_ENABLED,
                    FeatureTier.INVARIANT,
                    true,
                    "every decision and tool call is written to the audit log",
                    List.of("audit_log")),
            new FeatureFlag(
                    HOOKS_ENABLED,
                    FeatureTier.FLAG,
                    true,
                    "hook event handlers from the settings file run",
                    List.of("hooks")),
            new FeatureFlag(CRON_SCHEDULER, FeatureTier.FLAG, true, "scheduled pipeline runs are started", List.of()),
            new FeatureFlag(BATCH_RUNNER, FeatureTier.FLAG, true, "batch scoring jobs are accepted", List.of()),
            new FeatureFlag(
                    PLUGIN_SHELL_HOOKS_ENABLED,
                    FeatureTier.EXPERIMENT,
                    false,
                    "plugins may register hooks that run shell commands",
                    List.of("plugin_shell_hooks")),
            new FeatureFlag(
                    PLUGIN_COMMANDS_ENABLED,
                    FeatureTier.FLAG,
                    true,
                    "plugins may add commands",
                    List.of("plugin_commands")),
            new FeatureFlag(
                    PLUGIN_AGENTS_ENABLED, FeatureTier.FLAG, true, "plugins may add agents", List.of("plugin_agents")),
            new FeatureFlag(
                    CODE_EXECUTION_ENABLED,
                    FeatureTier.FLAG,
                    true,
                    "agents may run execute_python and execute_shell in the sandbox (off: denied, source feature_flag)",
                    List.of("code_execution")));

    private BuiltInFeatures() {}
}
