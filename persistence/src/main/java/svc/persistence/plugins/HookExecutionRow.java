package svc.persistence.plugins;

import java.time.Instant;

/**
 * One shell-hook execution: which plugin's hook ran for which event and call, its exit code, what
 * came of it ({@code allowed}, {@code blocked}, {@code failed}, {@code refused}) and why.
 */
public record HookExecutionRow(
        String plugin,
        String event,
        String command,
        int exitCode,
        String outcome,
        String detail,
        String runId,
        String agent,
        String tool,
        long durationMs,
        Instant ts) {}
