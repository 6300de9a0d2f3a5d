package svc.config.settings;

import java.util.List;
import java.util.Map;

/** A sandboxed tool compiled to a WASM component, with what it is allowed to touch. */
public record WasmToolConfig(
        String name,
        String path,
        List<Capability> capabilities,
        WasmLimitsConfig limits,
        List<String> secrets,
        List<String> workspacePrefixes,
        List<String> endpointAllowlist,
        Map<String, String> toolAliases) {

    public WasmToolConfig {
        capabilities = Immutable.list(capabilities);
        secrets = Immutable.list(secrets);
        workspacePrefixes = Immutable.list(workspacePrefixes);
        endpointAllowlist = Immutable.list(endpointAllowlist);
        toolAliases = Immutable.map(toolAliases);
    }
}
