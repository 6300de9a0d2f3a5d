package svc.core.tools.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapperSupplier;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The tools of the test MCP servers, built with the same SDK as the client: {@code echo} (says
 * back its {@code text} with the server's name), {@code add} (two numbers), {@code fail} (an
 * error answer) and, only in a child process, {@code crash} (the process exits).
 */
final class TestMcpTools {

    static final McpJsonMapper WIRE = new JacksonMcpJsonMapperSupplier().get();

    private TestMcpTools() {}

    static McpSchema.ServerCapabilities capabilities() {
        return McpSchema.ServerCapabilities.builder().tools(true).build();
    }

    static List<SyncToolSpecification> specs(String server, boolean withCrash) {
        List<SyncToolSpecification> specs = new ArrayList<>();
        specs.add(spec(
                "echo",
                "Says back the text.",
                Map.of("type", "object", "properties", Map.of("text", Map.of("type", "string"))),
                args -> text(server + " says " + args.getOrDefault("text", ""), false)));
        specs.add(spec(
                "add",
                "Adds a and b.",
                Map.of(
                        "type",
                        "object",
                        "properties",
                        Map.of("a", Map.of("type", "number"), "b", Map.of("type", "number"))),
                args -> text(
                        String.valueOf(((Number) args.get("a")).doubleValue() + ((Number) args.get("b")).doubleValue()),
                        false)));
        specs.add(spec(
                "env",
                "The value of an environment variable of the server, or (unset).",
                Map.of("type", "object", "properties", Map.of("name", Map.of("type", "string"))),
                args -> text(String.valueOf(System.getenv(String.valueOf(args.get("name")))), false)));
        specs.add(spec("fail", "Always fails.", Map.of("type", "object"), args -> text("it went wrong", true)));
        if (withCrash) {
            specs.add(spec("crash", "Ends the server process.", Map.of("type", "object"), args -> {
                Runtime.getRuntime().halt(3);
                return null;
            }));
        }
        return specs;
    }

    interface Handler {
        McpSchema.CallToolResult apply(Map<String, Object> arguments);
    }

    private static SyncToolSpecification spec(
            String name, String description, Map<String, Object> schema, Handler handler) {
        return SyncToolSpecification.builder()
                .tool(McpSchema.Tool.builder()
                        .name(name)
                        .description(description)
                        .inputSchema(schema)
                        .build())
                .callHandler((exchange, request) ->
                        handler.apply(request.arguments() == null ? Map.of() : request.arguments()))
                .build();
    }

    private static McpSchema.CallToolResult text(String text, boolean error) {
        return McpSchema.CallToolResult.builder()
                .addTextContent(text)
                .isError(error)
                .build();
    }
}
