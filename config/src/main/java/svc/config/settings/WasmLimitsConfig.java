package svc.config.settings;

/**
 * Resource-limit overrides for one WASM tool. {@code null} means the sandbox runtime's own
 * default, which the runtime owns, so nothing here resolves it.
 */
public record WasmLimitsConfig(
        Long maxMemoryBytes,
        Long fuelLimit,
        Long executionTimeoutSecs,
        Long maxLogEntries,
        Long maxHttpRequests,
        Long maxToolInvocations,
        Long maxFileReadBytes) {}
