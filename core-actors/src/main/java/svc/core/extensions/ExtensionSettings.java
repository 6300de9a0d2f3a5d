package svc.core.extensions;

import com.typesafe.config.Config;
import svc.core.tools.mcp.McpSettings;
import svc.core.tools.wasm.WasmLimits;

/** {@code svc.extensions}: the MCP client's timeouts and the WASM runtime's default limits. */
public record ExtensionSettings(McpSettings mcp, WasmLimits wasm) {

    public static final ExtensionSettings DEFAULTS = new ExtensionSettings(McpSettings.DEFAULTS, WasmLimits.DEFAULTS);

    /** @param svc the {@code svc} block */
    public static ExtensionSettings fromConfig(Config svc) {
        if (!svc.hasPath("extensions")) {
            return DEFAULTS;
        }
        Config c = svc.getConfig("extensions");
        return new ExtensionSettings(
                McpSettings.fromConfig(c.getConfig("mcp")), WasmLimits.fromConfig(c.getConfig("wasm")));
    }
}
