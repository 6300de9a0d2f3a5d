package svc.core.tools.mcp;

import com.typesafe.config.Config;
import java.time.Duration;

/**
 * How long the MCP client waits: to start and initialise a server, and for one request's answer;
 * {@code restartBackoff} is the least time between two starts of a server that keeps crashing.
 * From {@code svc.extensions.mcp} in {@code reference.conf}.
 */
public record McpSettings(Duration initTimeout, Duration requestTimeout, Duration restartBackoff) {

    public static final McpSettings DEFAULTS =
            new McpSettings(Duration.ofSeconds(30), Duration.ofSeconds(60), Duration.ofSeconds(1));

    /** @param mcp the {@code svc.extensions.mcp} block */
    public static McpSettings fromConfig(Config mcp) {
        return new McpSettings(
                mcp.getDuration("init-timeout"),
                mcp.getDuration("request-timeout"),
                mcp.getDuration("restart-backoff"));
    }
}
