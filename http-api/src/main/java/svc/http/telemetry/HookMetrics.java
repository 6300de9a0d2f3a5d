package svc.http.telemetry;

import io.prometheus.metrics.core.metrics.Counter;
import svc.core.hooks.HookEvent;
import svc.core.hooks.HookListener;
import svc.core.hooks.HookPipeline;
import svc.core.hooks.HookResult;

/**
 * {@code svc_hook_runs_total{event,plugin}}: every hook run on this node, by hook event and origin
 * ({@code core}, {@code settings} or the plugin's name); {@code svc_plugin_shell_executions_total
 * {plugin,exit_code}}: every shell hook process that ended, by origin and exit code.
 */
public final class HookMetrics implements HookListener {

    private final Counter runs;
    private final Counter shell;

    public HookMetrics(ApiMetrics metrics) {
        runs = Counter.builder()
                .name("svc_hook_runs_total")
                .help("Hook runs, by hook event and origin (core, settings or the plugin)")
                .labelNames("event", "plugin")
                .register(metrics.registry);
        shell = Counter.builder()
                .name("svc_plugin_shell_executions_total")
                .help("Shell hook executions, by origin and exit code")
                .labelNames("plugin", "exit_code")
                .register(metrics.registry);
    }

    /** Counts the pipeline's runs from now on. */
    public void attach(HookPipeline hooks) {
        hooks.listen(this);
    }

    @Override
    public void ran(HookEvent event, String origin, HookResult result) {
        runs.labelValues(event.name(), origin).inc();
    }

    @Override
    public void shellExecuted(String origin, int exitCode) {
        shell.labelValues(origin, Integer.toString(exitCode)).inc();
    }
}
