package svc.config.settings;

import java.util.Map;

/** One MCP server connection: how to reach it and the environment it is started with. */
public record McpServerConfig(McpTransport transport, Map<String, String> env) {
    public McpServerConfig {
        env = Immutable.map(env);
    }
}
