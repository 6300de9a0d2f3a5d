package svc.core.tools.wasm;

import com.typesafe.config.Config;
import java.time.Duration;
import svc.config.settings.WasmLimitsConfig;

/**
 * The limits one WASM tool runs under: a tool's {@code limits} over the runtime defaults
 * ({@code svc.extensions.wasm} in {@code reference.conf}). {@code fuel} counts executed WASM
 * instructions; memory is whole 64 KiB pages, rounded down from {@code maxMemoryBytes}.
 */
public record WasmLimits(
        long maxMemoryBytes,
        long fuel,
        Duration timeout,
        long maxLogEntries,
        long maxHttpRequests,
        long maxToolInvocations,
        long maxFileReadBytes) {

    public static final int PAGE = 65536;

    public static final WasmLimits DEFAULTS =
            new WasmLimits(16L * 1024 * 1024, 50_000_000L, Duration.ofSeconds(10), 100, 10, 0, 1024 * 1024);

    /** @param wasm the {@code svc.extensions.wasm} block */
    public static WasmLimits fromConfig(Config wasm) {
        return new WasmLimits(
                wasm.getBytes("max-memory-bytes"),
                wasm.getLong("fuel-limit"),
                wasm.getDuration("execution-timeout"),
                wasm.getLong("max-log-entries"),
                wasm.getLong("max-http-requests"),
                0,
                wasm.getBytes("max-file-read-bytes"));
    }

    /** The tool's own values where written, these defaults elsewhere. */
    public WasmLimits over(WasmLimitsConfig c) {
        if (c == null) {
            return this;
        }
        return new WasmLimits(
                c.maxMemoryBytes() != null ? c.maxMemoryBytes() : maxMemoryBytes,
                c.fuelLimit() != null ? c.fuelLimit() : fuel,
                c.executionTimeoutSecs() != null ? Duration.ofSeconds(c.executionTimeoutSecs()) : timeout,
                c.maxLogEntries() != null ? c.maxLogEntries() : maxLogEntries,
                c.maxHttpRequests() != null ? c.maxHttpRequests() : maxHttpRequests,
                c.maxToolInvocations() != null ? c.maxToolInvocations() : maxToolInvocations,
                c.maxFileReadBytes() != null ? c.maxFileReadBytes() : maxFileReadBytes);
    }

    public int maxPages() {
        return (int) Math.min(Integer.MAX_VALUE, maxMemoryBytes / PAGE);
    }
}
