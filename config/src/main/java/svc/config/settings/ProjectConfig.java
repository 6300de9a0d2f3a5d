package svc.config.settings;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * One project's configuration. {@code mcpServers} is the only camel-case key of the file, as the
 * spec names it; every other multi-word key is snake case.
 */
public record ProjectConfig(
        List<AgentConfig> agents,
        SupervisorConfig supervisor,
        DefaultsConfig defaults,
        Map<String, ProviderConfig> providers,
        PermissionsConfig permissions,
        HooksConfig hooks,
        @JsonProperty("mcpServers") Map<String, McpServerConfig> mcpServers,
        List<WasmToolConfig> wasmTools,
        SubAgentLimits subAgentDefaults) {

    public ProjectConfig {
        agents = Immutable.list(agents);
        providers = Immutable.map(providers);
        mcpServers = Immutable.map(mcpServers);
        wasmTools = Immutable.list(wasmTools);
    }
}
