package svc.core.hooks;

/**
 * One hook on the pipeline. {@code origin} says where it comes from: {@code core}, {@code settings}
 * (the settings file's {@code hooks}) or the plugin's name; it is the {@code plugin} label of
 * {@code svc_hook_runs_total}. {@link #run} may block (a shell hook runs a process): the pipeline
 * is only run on a blocking dispatcher.
 */
public interface Hook {

    /** Names the hook in denials and audit rows, e.g. {@code sample:hooks/hooks.json#PRE_TOOL[0]}. */
    String name();

    String origin();

    HookEvent event();

    boolean matches(HookInput input);

    /** Whether it runs a process (then {@code plugin_shell_hooks_enabled} applies to plugin hooks). */
    boolean shell();

    HookResult run(HookInput input);
}
