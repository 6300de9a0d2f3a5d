package svc.core.tools.mcp;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import svc.config.Json;
import svc.core.tools.Tool;
import svc.core.tools.ToolContext;
import svc.core.tools.ToolResult;

/**
 * One tool of one MCP server, {@code mcp__<server>__<tool>}. The description and input schema
 * are the server's; the result is the server's content as JSON ({@code text} parts joined, each
 * part also listed), an error answer becoming {@link ToolResult#error}.
 */
final class McpTool implements Tool {

    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {};

    private final McpServerHandle server;
    private final String tool;
    private final String description;
    private final String inputSchemaJson;

    McpTool(McpServerHandle server, String tool, String description, String inputSchemaJson) {
        this.server = server;
        this.tool = tool;
        this.description = description;
        this.inputSchemaJson = inputSchemaJson;
    }

    static McpTool of(McpServerHandle server, McpSchema.Tool t) {
        String schema = t.inputSchema() == null ? "{\"type\":\"object\"}" : Json.write(t.inputSchema());
        String text = t.description() == null ? t.name() : t.description();
        return new McpTool(server, t.name(), "[MCP server " + server.name() + "] " + text, schema);
    }

    /** The remote address of this tool's server, when it is reached over HTTP or SSE. */
    Optional<String> serverUrl() {
        return server.remoteUrl();
    }

    @Override
    public String name() {
        return McpServers.PREFIX + server.name() + McpServers.SEPARATOR + tool;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public String inputSchemaJson() {
        return inputSchemaJson;
    }

    @Override
    public ToolResult invoke(ToolContext context, JsonNode arguments) {
        Map<String, Object> args =
                arguments == null || !arguments.isObject() ? Map.of() : Json.MAPPER.convertValue(arguments, MAP);
        McpSchema.CallToolResult result;
        try {
            result = server.call(tool, args);
        } catch (McpError e) {
            return ToolResult.error("MCP server " + server.name() + " refused " + tool + ": " + e.getMessage());
        } catch (IllegalStateException e) {
            return ToolResult.error(e.getMessage());
        }
        ObjectNode content = Json.object().put("server", server.name()).put("tool", tool);
        StringBuilder text = new StringBuilder();
        ArrayNode parts = content.putArray("content");
        for (McpSchema.Content c : result.content() == null ? List.<McpSchema.Content>of() : result.content()) {
            if (c instanceof McpSchema.TextContent t) {
                text.append(text.length() == 0 ? "" : "\n").append(t.text());
                parts.addObject().put("type", "text").put("text", t.text());
            } else {
                parts.addObject().put("type", c.type());
            }
        }
        content.put("text", text.toString());
        if (result.structuredContent() != null) {
            content.set("structured", Json.MAPPER.valueToTree(result.structuredContent()));
        }
        if (Boolean.TRUE.equals(result.isError())) {
            return ToolResult.error(name() + " answered with an error: " + text);
        }
        return ToolResult.ok(content);
    }
}
