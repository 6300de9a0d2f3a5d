package svc.cli.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapperSupplier;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import svc.cli.CliException;
import svc.cli.client.ApiClient;
import svc.config.Json;

/**
 * The tools {@code svc mcp serve} offers; each is one call of the HTTP API with the CLI's client,
 * so the server's authentication, roles, validation and audit apply as to any client. An API
 * error becomes the tool's error answer with the API's message.
 */
final class SvcMcpTools {

    /** The SDK configures its own Jackson 2 mapper for the protocol's wire format. */
    static final McpJsonMapper WIRE = new JacksonMcpJsonMapperSupplier().get();

    private final ApiClient api;

    SvcMcpTools(ApiClient api) {
        this.api = api;
    }

    static McpSchema.ServerCapabilities capabilities() {
        return McpSchema.ServerCapabilities.builder().tools(true).build();
    }

    List<SyncToolSpecification> specifications() {
        return List.of(
                spec(
                        "start_run",
                        "Start a pipeline run on a dataset (a server path or a registered dataset id); workflow is a"
                                + " server path of a workflow file.",
                        schema(
                                List.of("problem"),
                                "problem",
                                "dataset_path",
                                "dataset_id",
                                "target",
                                "template",
                                "profile",
                                "workflow"),
                        this::startRun),
                spec(
                        "list_runs",
                        "List pipeline runs, newest first; optionally only those in one state.",
                        schema(List.of(), "state", "limit:integer"),
                        this::listRuns),
                spec(
                        "read_artifact",
                        "Read one artefact of a run by name (text); without a name, list the run's artefacts.",
                        schema(List.of("run_id"), "run_id", "name"),
                        this::readArtifact),
                spec(
                        "decide_gate",
                        "Approve or reject an approval gate, with a rationale.",
                        schema(List.of("gate_id", "decision"), "gate_id", "decision", "rationale"),
                        this::decideGate));
    }

    // ---- the tools ----------------------------------------------------------------------------

    String startRun(JsonNode args) {
        ObjectNode body = Json.object();
        for (String field :
                List.of("problem", "dataset_path", "dataset_id", "target", "template", "profile", "workflow")) {
            if (args.hasNonNull(field)) {
                body.put(field, args.get(field).asText());
            }
        }
        return Json.write(api.post("/api/v1/pipelines", body));
    }

    String listRuns(JsonNode args) {
        Map<String, Object> query = new LinkedHashMap<>();
        query.put("state", args.hasNonNull("state") ? args.get("state").asText() : null);
        query.put("limit", args.hasNonNull("limit") ? args.get("limit").asInt() : null);
        return Json.write(api.get(ApiClient.path("/api/v1/pipelines", query)));
    }

    String readArtifact(JsonNode args) {
        String run =
                "/api/v1/pipelines/" + ApiClient.segment(args.path("run_id").asText());
        String name = args.path("name").asText("");
        if (name.isEmpty()) {
            return Json.write(api.get(run + "/artifacts"));
        }
        String path = Arrays.stream(name.split("/")).map(ApiClient::segment).collect(Collectors.joining("/"));
        ApiClient.Reply reply = api.getReply(run + "/artifacts/" + path);
        if (reply.status() != 200) {
            throw new CliException(
                    1,
                    "artefact " + name + " of run " + args.path("run_id").asText() + ": HTTP " + reply.status() + " "
                            + reply.body());
        }
        return reply.body();
    }

    String decideGate(JsonNode args) {
        String decision = args.path("decision").asText("");
        if (!decision.equals("approve") && !decision.equals("reject")) {
            throw new CliException(1, "decision must be approve or reject, not `" + decision + "`");
        }
        ObjectNode body = Json.object()
                .put("decision", decision)
                .put("rationale", args.path("rationale").asText(""));
        return Json.write(api.post(
                "/api/v1/approvals/" + ApiClient.segment(args.path("gate_id").asText()), body));
    }

    // ---- plumbing ---------------------------------------------------------------------------

    /** Runs one tool: its text answer, or the API's error as an error answer. */
    static McpSchema.CallToolResult answer(Function<JsonNode, String> tool, Map<String, Object> arguments) {
        try {
            String text = tool.apply(Json.MAPPER.valueToTree(arguments == null ? Map.of() : arguments));
            return McpSchema.CallToolResult.builder()
                    .addTextContent(text)
                    .isError(false)
                    .build();
        } catch (CliException e) {
            return McpSchema.CallToolResult.builder()
                    .addTextContent(e.getMessage())
                    .isError(true)
                    .build();
        }
    }

    private static SyncToolSpecification spec(
            String name, String description, Map<String, Object> schema, Function<JsonNode, String> tool) {
        return SyncToolSpecification.builder()
                .tool(McpSchema.Tool.builder()
                        .name(name)
                        .description(description)
                        .inputSchema(schema)
                        .build())
                .callHandler((exchange, request) -> answer(tool, request.arguments()))
                .build();
    }

    /** An object schema of string properties ({@code name:integer} for an integer), some required. */
    private static Map<String, Object> schema(List<String> required, String... properties) {
        Map<String, Object> props = new LinkedHashMap<>();
        for (String p : properties) {
            String[] nameType = p.split(":");
            props.put(nameType[0], Map.of("type", nameType.length > 1 ? nameType[1] : "string"));
        }
        return Map.of("type", "object", "properties", props, "required", required);
    }
}
