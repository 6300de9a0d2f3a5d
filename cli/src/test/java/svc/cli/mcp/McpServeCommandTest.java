package svc.cli.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.cli.Main;
import svc.cli.testing.Cli;
import svc.cli.testing.LiveServer;
import svc.config.Json;

/**
 * {@code svc mcp serve} as an MCP client meets it: a child JVM running the command, spoken to
 * over stdio with the MCP SDK's client, calling the real server's API with the login of a home
 * directory. A run is started, listed, its gate decided and its artefacts read.
 */
@ExtendWith(LiveServer.Extension.class)
class McpServeCommandTest {

    private static final String REVIEW_ONLY = """
      name: review_only
      description: One manual review gate and nothing else.
      start: review
      nodes:
        - id: review
          type: checkpoint
          gate_type: manual
      edges: []
      """;

    private final LiveServer server;
    private final Cli cli;
    private final Path workflow;
    private McpSyncClient client;

    McpServeCommandTest(LiveServer server) throws IOException {
        this.server = server;
        this.cli = new Cli().loggedInAsAdmin(server);
        // Under the server's data roots ($SVC_HOME/datasets), where it reads a workflow from.
        this.workflow = Files.writeString(server.home.resolve("datasets").resolve("review_only.yaml"), REVIEW_ONLY);
    }

    @BeforeEach
    void startServe() {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ServerParameters params = ServerParameters.builder(java)
                .args(
                        "-Xmx128m",
                        "-XX:TieredStopAtLevel=1",
                        "-Duser.home=" + cli.home,
                        "-cp",
                        System.getProperty("java.class.path"),
                        Main.class.getName(),
                        "mcp",
                        "serve",
                        "--url",
                        server.url)
                .build();
        client = McpClient.sync(new StdioClientTransport(params, SvcMcpTools.WIRE))
                .initializationTimeout(Duration.ofSeconds(60))
                .requestTimeout(Duration.ofSeconds(60))
                .build();
        client.initialize();
    }

    @AfterEach
    void stopServe() {
        client.closeGracefully();
    }

    private McpSchema.CallToolResult call(String tool, Map<String, Object> arguments) {
        return client.callTool(new McpSchema.CallToolRequest(tool, arguments));
    }

    private static String text(McpSchema.CallToolResult r) {
        return ((McpSchema.TextContent) r.content().get(0)).text();
    }

    @Test
    void anMcpClientStartsARunListsItDecidesItsGateAndReadsItsArtefacts() {
        assertThat(client.listTools().tools())
                .extracting(McpSchema.Tool::name)
                .containsExactlyInAnyOrder("start_run", "list_runs", "read_artifact", "decide_gate");

        McpSchema.CallToolResult started = call(
                "start_run",
                Map.of(
                        "problem", "Review the data.",
                        "dataset_path", LiveServer.DATASET.toString(),
                        "workflow", workflow.toString()));
        assertThat(started.isError()).as(text(started)).isFalse();
        String runId = Json.parse(text(started)).path("run_id").asText();
        assertThat(runId).isNotBlank();

        String[] gate = new String[1];
        server.eventually(30, () -> {
            JsonNode runs = Json.parse(text(call("list_runs", Map.of("state", "waiting_approval"))));
            assertThat(runs.path("items").findValuesAsText("run_id")).contains(runId);
            JsonNode status = cli.run("pipelines", "status", runId).json();
            gate[0] = status.get("pending_gates").get(0).get("gate_id").asText();
        });

        McpSchema.CallToolResult decided =
                call("decide_gate", Map.of("gate_id", gate[0], "decision", "approve", "rationale", "looks right"));
        assertThat(decided.isError()).as(text(decided)).isFalse();
        server.eventually(
                30,
                () -> assertThat(cli.run("pipelines", "status", runId)
                                .json()
                                .path("state")
                                .asText())
                        .isEqualTo("succeeded"));

        JsonNode artefacts = Json.parse(text(call("read_artifact", Map.of("run_id", runId))));
        String name = artefacts.path("items").get(0).path("name").asText();
        McpSchema.CallToolResult one = call("read_artifact", Map.of("run_id", runId, "name", name));
        assertThat(one.isError()).as(text(one)).isFalse();
        assertThat(text(one)).isNotEmpty();
    }

    @Test
    void anApiErrorIsTheToolsErrorAnswer() {
        McpSchema.CallToolResult r = call("decide_gate", Map.of("gate_id", "no-such-gate", "decision", "approve"));
        assertThat(r.isError()).isTrue();
        assertThat(text(r)).contains("404");
        McpSchema.CallToolResult bad = call("decide_gate", Map.of("gate_id", "g", "decision", "maybe"));
        assertThat(text(bad)).contains("decision must be approve or reject");
    }
}
