package svc.core.tools.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.config.Json;
import svc.config.settings.McpServerConfig;
import svc.config.settings.McpTransport;
import svc.core.extensions.ExtensionSettings;
import svc.core.extensions.Extensions;
import svc.core.tools.Tool;
import svc.core.tools.ToolContext;
import svc.core.tools.ToolRegistry;
import svc.core.tools.ToolResult;
import svc.core.tools.ToolSource;
import svc.core.tools.wasm.WasmLimits;
import svc.governance.egress.EgressAllowlist;
import svc.governance.egress.EgressPolicy;

/**
 * MCP servers through the extension entry point, against real servers built with the same SDK:
 * a stdio server in a child JVM, streamable HTTP and SSE servers in an embedded Tomcat. Lazy
 * start, calls through each transport, error answers, restart after a crash, stop.
 */
class McpServersTest {

    static HttpMcpServers http;

    @TempDir
    Path runDir;

    ToolRegistry registry;

    @BeforeAll
    static void startHttp() throws Exception {
        http = new HttpMcpServers();
    }

    @AfterAll
    static void stopHttp() throws Exception {
        http.close();
    }

    static Map<String, McpServerConfig> servers() {
        return Map.of(
                "files", withEnv(StdioMcpServerMain.config("stdio"), Map.of("GREETING", "hello")),
                "remote", new McpServerConfig(new McpTransport.Http(http.url("/mcp"), Map.of()), Map.of()),
                "events", new McpServerConfig(new McpTransport.Sse(http.url("/sse"), Map.of()), Map.of()));
    }

    static McpServerConfig withEnv(McpServerConfig c, Map<String, String> env) {
        return new McpServerConfig(c.transport(), env);
    }

    @BeforeEach
    void setUp() {
        registry = new ToolRegistry();
        Extensions extensions = new Extensions(
                registry,
                new ExtensionSettings(
                        new McpSettings(Duration.ofSeconds(30), Duration.ofSeconds(30), Duration.ZERO),
                        WasmLimits.DEFAULTS),
                new EgressPolicy(EgressAllowlist.none()),
                name -> null,
                Clock.systemUTC());
        extensions.add(new Extensions.Definitions("settings", runDir, servers(), List.of()));
    }

    @AfterEach
    void tearDown() {
        registry.close();
    }

    ToolResult call(String tool, String argumentsJson) throws Exception {
        Tool t = registry.find(tool).orElseThrow();
        return t.invoke(new ToolContext("run-1", "data-engineer", runDir, Map.of()), Json.parse(argumentsJson));
    }

    ToolSource.Health health(String server) {
        return registry.sources().get(0).health().stream()
                .filter(h -> h.name().equals(server))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void aServerStartsOnlyWhenItsToolsAreFirstNeeded() {
        assertThat(health("files").state()).isEqualTo("not_started");
        assertThat(registry.find("mcp__files__echo")).isPresent();
        assertThat(registry.find("mcp__nowhere__echo")).isEmpty();
        assertThat(health("files").state()).as("finding a name starts nothing").isEqualTo("not_started");

        List<Tool> tools = registry.matching(List.of("mcp__files__*"));

        assertThat(tools)
                .extracting(Tool::name)
                .containsExactlyInAnyOrder(
                        "mcp__files__echo",
                        "mcp__files__add",
                        "mcp__files__env",
                        "mcp__files__fail",
                        "mcp__files__crash");
        assertThat(tools.get(0).description()).startsWith("[MCP server files] ");
        assertThat(Json.parse(tools.stream()
                                .filter(t -> t.name().equals("mcp__files__add"))
                                .findFirst()
                                .orElseThrow()
                                .inputSchemaJson())
                        .path("properties")
                        .has("a"))
                .isTrue();
        assertThat(health("files").state()).isEqualTo("running");
        assertThat(health("files").kind()).isEqualTo("mcp:stdio");
        assertThat(health("remote").state()).as("not asked for").isEqualTo("not_started");
    }

    @Test
    void eachTransportCarriesACall() throws Exception {
        for (Map.Entry<String, String> e :
                Map.of("files", "stdio", "remote", "http", "events", "sse").entrySet()) {
            ToolResult r = call("mcp__" + e.getKey() + "__echo", "{\"text\":\"hi\"}");
            assertThat(r.ok()).as(r.contentJson()).isTrue();
            assertThat(Json.parse(r.contentJson()).path("text").asText()).isEqualTo(e.getValue() + " says hi");
            assertThat(health(e.getKey()).state()).isEqualTo("running");
        }
        ToolResult sum = call("mcp__remote__add", "{\"a\":2,\"b\":3}");
        assertThat(Json.parse(sum.contentJson()).path("text").asText()).isEqualTo("5.0");
    }

    @Test
    void aStdioServerGetsItsEnvAndNotTheRestOfSvcsEnvironment() throws Exception {
        // surefire sets OMP_WAIT_POLICY for this JVM (see the root pom): it must not reach the server
        assertThat(System.getenv("OMP_WAIT_POLICY")).isNotNull();
        assertThat(text(call("mcp__files__env", "{\"name\":\"GREETING\"}"))).isEqualTo("hello");
        assertThat(text(call("mcp__files__env", "{\"name\":\"OMP_WAIT_POLICY\"}")))
                .isEqualTo("null");
        assertThat(text(call("mcp__files__env", "{\"name\":\"PATH\"}"))).isNotEqualTo("null");
    }

    static String text(ToolResult r) {
        return Json.parse(r.contentJson()).path("text").asText();
    }

    @Test
    void anErrorAnswerIsTheToolsErrorAndTheServerStaysUp() throws Exception {
        ToolResult r = call("mcp__files__fail", "{}");
        assertThat(r.ok()).isFalse();
        assertThat(r.contentJson()).contains("mcp__files__fail answered with an error: it went wrong");
        ToolResult unknown = call("mcp__files__nosuch", "{}");
        assertThat(unknown.ok()).isFalse();
        assertThat(unknown.contentJson()).contains("MCP server files refused nosuch");
        assertThat(health("files").state()).isEqualTo("running");
        assertThat(health("files").restarts()).isZero();
    }

    @Test
    void aServerThatCrashedStartsAgainOnTheNextCall() throws Exception {
        assertThat(call("mcp__files__echo", "{\"text\":\"one\"}").ok()).isTrue();

        ToolResult crash = call("mcp__files__crash", "{}");

        assertThat(crash.ok()).isFalse();
        assertThat(crash.contentJson()).contains("MCP server files failed during the call");
        assertThat(health("files").state()).isEqualTo("crashed");
        ToolResult again = call("mcp__files__echo", "{\"text\":\"two\"}");
        assertThat(again.ok()).as(again.contentJson()).isTrue();
        assertThat(Json.parse(again.contentJson()).path("text").asText()).isEqualTo("stdio says two");
        assertThat(health("files").state()).isEqualTo("running");
        assertThat(health("files").restarts()).isEqualTo(1);
    }

    @Test
    void closingStopsEveryStartedServer() throws Exception {
        assertThat(call("mcp__files__echo", "{\"text\":\"x\"}").ok()).isTrue();
        assertThat(call("mcp__remote__echo", "{\"text\":\"x\"}").ok()).isTrue();

        registry.close();

        assertThat(health("files").state()).isEqualTo("stopped");
        assertThat(health("remote").state()).isEqualTo("stopped");
        assertThat(health("events").state()).as("never started").isEqualTo("not_started");
    }
}
