package svc.core.hooks;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.core.telemetry.Tracing;

/**
 * The one pipeline every hook event runs through: core hooks first, then the settings file's
 * {@code hooks}, then installed plugins' hooks, in order. The first hook that blocks ends the run
 * (what it blocks does not happen, and the denial names it); mutations of the hooks that went on
 * are merged, later hooks winning on the same field.
 *
 * <p>Flags, read at every run: with {@code hooks_enabled} off only core hooks run; plugin shell
 * hooks also need {@code plugin_shell_hooks_enabled} (EXPERIMENT, off by default). Each hook run
 * is a {@code hook.run} span and a {@link HookListener#ran} call. Call {@link #run} only on a
 * blocking dispatcher.
 */
public final class HookPipeline {

    public static final String HOOKS_FLAG = "hooks_enabled";
    public static final String SHELL_FLAG = "plugin_shell_hooks_enabled";
    public static final String CORE = "core";
    public static final String SETTINGS = "settings";

    private static final Logger LOG = LoggerFactory.getLogger(HookPipeline.class);

    private final List<Hook> core;
    private final Supplier<List<Hook>> settingsHooks;
    private final Supplier<List<Hook>> pluginHooks;
    private final Predicate<String> flags;
    private final Tracing tracing;
    private final List<HookListener> listeners = new CopyOnWriteArrayList<>();
    /** Every listener at once; what shell hooks report their executions to. */
    private final HookListener fanOut = new HookListener() {
        @Override
        public void ran(HookEvent event, String origin, HookResult result) {
            listeners.forEach(l -> l.ran(event, origin, result));
        }

        @Override
        public void shellExecuted(String origin, int exitCode) {
            listeners.forEach(l -> l.shellExecuted(origin, exitCode));
        }
    };

    public HookPipeline(
            List<Hook> core,
            Supplier<List<Hook>> settingsHooks,
            Supplier<List<Hook>> pluginHooks,
            Predicate<String> flags,
            Tracing tracing) {
        this.core = List.copyOf(core);
        this.settingsHooks = settingsHooks;
        this.pluginHooks = pluginHooks;
        this.flags = flags;
        this.tracing = tracing;
    }

    /** Adds a place where hook runs are counted from now on (each API server's metrics). */
    public void listen(HookListener listener) {
        listeners.add(listener);
    }

    /** All listeners as one. */
    public HookListener listener() {
        return fanOut;
    }

    /** The hooks that would run for an event now, in order (for tests and the plugin detail). */
    public List<Hook> active(HookEvent event) {
        List<Hook> hooks = new ArrayList<>();
        core.stream().filter(h -> h.event() == event).forEach(hooks::add);
        if (!flags.test(HOOKS_FLAG)) {
            return hooks;
        }
        settingsHooks.get().stream().filter(h -> h.event() == event).forEach(hooks::add);
        boolean shell = flags.test(SHELL_FLAG);
        pluginHooks.get().stream()
                .filter(h -> h.event() == event && (shell || !h.shell()))
                .forEach(hooks::add);
        return hooks;
    }

    public HookResult run(HookInput input) {
        HookResult merged = HookResult.PASS;
        for (Hook hook : active(input.event())) {
            if (!hook.matches(input)) {
                continue;
            }
            Instant started = Instant.now();
            HookResult r;
            try {
                r = hook.run(input);
            } catch (RuntimeException e) {
                LOG.warn("hook {} failed on {}: {}", hook.name(), input.event(), e.toString());
                r = HookResult.PASS;
            }
            fanOut.ran(input.event(), hook.origin(), r);
            tracing.record(
                    "hook.run",
                    input.runId(),
                    started,
                    Instant.now(),
                    Map.of(
                            "run_id", String.valueOf(input.runId()),
                            "agent", String.valueOf(input.agent()),
                            "tool", String.valueOf(input.tool()),
                            "event", input.event().name(),
                            "plugin", hook.origin(),
                            "hook", hook.name(),
                            "outcome", r.blocked() ? "blocked" : r.mutation() != null ? "mutated" : "passed"),
                    r.blocked());
            if (r.blocked() && input.event().canBlock()) {
                return r;
            }
            if (r.mutation() != null) {
                var combined = merged.mutation() == null
                        ? r.mutation().deepCopy()
                        : merged.mutation().deepCopy();
                if (merged.mutation() != null) {
                    combined.setAll(r.mutation());
                }
                merged = HookResult.mutate(hook.name(), combined);
            }
        }
        return merged;
    }
}
