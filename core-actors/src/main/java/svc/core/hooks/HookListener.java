package svc.core.hooks;

/** Where the API server's metrics learn of hook runs; {@link #NONE} by default. */
public interface HookListener {

    /** One hook ran for an event ({@code svc_hook_runs_total{event,plugin}}). */
    void ran(HookEvent event, String origin, HookResult result);

    /** A shell hook's process ended ({@code svc_plugin_shell_executions_total{plugin,exit_code}}). */
    void shellExecuted(String origin, int exitCode);

    HookListener NONE = new HookListener() {
        @Override
        public void ran(HookEvent event, String origin, HookResult result) {}

        @Override
        public void shellExecuted(String origin, int exitCode) {}
    };
}
