package svc.cli.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import svc.cli.Main;
import svc.config.Json;
import svc.core.platform.Platform;
import svc.core.platform.StandardParts;
import svc.http.server.HttpServer;
import svc.http.telemetry.ApiMetrics;

/**
 * A server started the way {@code svc server} starts it, with a settings file whose project
 * defines an MCP server (stdio: {@code svc mcp serve}, itself a real MCP server) and a WASM tool,
 * and grants both to one agent: through {@code POST /api/v1/tools/invoke} the agent reaches them,
 * an agent without the grant is refused by its allowlist, and {@code /livez} shows the MCP
 * server not started, then running.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ExtensionsInForceTest {

    static final String API_KEY = "extensions-test-key-0123456789";

    /** core-actors/src/test/resources/wasm/read.wasm, compiled from read.wat beside it. */
    static final String READ_WASM =
            "AGFzbQEAAAABGgRgAn9/AX9gBH9/f38Bf2ABfwF/YAJ/fwF+AhsCA3N2YwNsb2cAAANzdmMJcmVhZF9maWxlAAEDAw"
                    + "ICAwUDAQABBgcBfwFBgAgLBxgDBm1lbW9yeQIABWFsbG9jAAIDcnVuAAMKSQIRAQF/IwAhASMAIABqJAAgAQs1AQF/"
                    + "QQBBGBAAGiAAQQlqIAFBC2tBgIACQYCAAhABIQIgAkEASARAAAtCgIACQiCGIAKthAsLHgEAQQALGHJlYWRpbmcgYS"
                    + "B3b3Jrc3BhY2UgZmlsZQ==";

    private Path root;
    private Platform platform;
    private HttpServer server;
    private String url;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @BeforeAll
    void start() throws Exception {
        root = Files.createTempDirectory("svc-extensions-in-force").toRealPath();
        Files.createDirectories(root.resolve("tools"));
        Files.write(root.resolve("tools/read.wasm"), Base64.getDecoder().decode(READ_WASM));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ObjectNode project = Json.object();
        // A listed agent takes the file's provider; no model is called here, so any set variable will do as its key.
        project.putObject("providers")
                .putObject("default")
                .put("type", "anthropic")
                .put("api_key_env", "PATH");
        ObjectNode agent = project.putArray("agents").addObject();
        agent.put("name", "infra-operator").put("prompt", "You operate.");
        agent.putObject("permissions").putArray("allow").add("mcp__svc").add("read_note");
        ObjectNode transport = project.putObject("mcpServers").putObject("svc").putObject("transport");
        transport.put("type", "stdio").put("command", java);
        transport
                .putArray("args")
                .add("-Xmx128m")
                .add("-XX:TieredStopAtLevel=1")
                .add("-Duser.home=" + root)
                .add("-cp")
                .add(System.getProperty("java.class.path"))
                .add(Main.class.getName())
                .add("mcp")
                .add("serve")
                .add("--url")
                .add("http://127.0.0.1:9");
        ObjectNode wasm = project.putArray("wasm_tools").addObject();
        wasm.put("name", "read_note").put("path", "tools/read.wasm");
        wasm.putArray("capabilities").add("Logging").add("WorkspaceRead");
        wasm.putArray("workspace_prefixes").add("data/");
        ObjectNode file = Json.object().put("version", 1);
        file.set(root.toString(), project);
        Path settings = Files.writeString(root.resolve("settings.json"), Json.write(file));

        Map<String, String> env = new HashMap<>();
        env.put("SVC_ADMIN_EMAIL", "admin@example.com");
        env.put("SVC_ADMIN_PASSWORD", "correct horse battery staple");
        env.put("SVC_API_KEYS", API_KEY);
        env.put("SVC_JWT_SECRET", "extensions-test-secret-0123456789-abcdef");
        ServerConfiguration.Resolved resolved =
                ServerConfiguration.resolve(env, settings, root, DeploymentInForceTest.flags(root.resolve("home")));
        platform = Platform.start(
                resolved.config(),
                StandardParts.create(resolved.project(), resolved.projectPath()).inProject(root));
        server = HttpServer.start(platform, resolved.config(), env, new ApiMetrics(), resolved.effective())
                .toCompletableFuture()
                .get(60, TimeUnit.SECONDS);
        url = "http://127.0.0.1:" + server.address().getPort();
    }

    @AfterAll
    void stop() throws Exception {
        if (server != null) {
            server.stop().toCompletableFuture().get(20, TimeUnit.SECONDS);
        }
        if (platform != null) {
            platform.close();
        }
    }

    private HttpResponse<String> invoke(String agent, String tool, String arguments) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create(url + "/api/v1/tools/invoke"))
                        .timeout(Duration.ofSeconds(90))
                        .header("X-API-Key", API_KEY)
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"agent\":\"" + agent + "\",\"tool\":\"" + tool
                                + "\",\"arguments\":" + arguments + "}"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private JsonNode livezServer() throws Exception {
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(URI.create(url + "/livez"))
                        .timeout(Duration.ofSeconds(30))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        JsonNode check = Json.parse(r.body()).path("checks").path("mcp_servers");
        assertThat(check.path("ok").asBoolean()).isTrue();
        return check.path("servers").get(0);
    }

    @Test
    void theSettingsFilesMcpServerStartsOnFirstCallAndLivezShowsIt() throws Exception {
        JsonNode before = livezServer();
        assertThat(before.path("name").asText()).isEqualTo("svc");
        assertThat(before.path("kind").asText()).isEqualTo("mcp:stdio");
        assertThat(before.path("state").asText()).isEqualTo("not_started");

        // the tool answers from svc mcp serve, whose API (port 9) does not answer: an error answer, relayed
        HttpResponse<String> r = invoke("infra-operator", "mcp__svc__list_runs", "{}");

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        JsonNode body = Json.parse(r.body());
        assertThat(body.path("ok").asBoolean()).isFalse();
        assertThat(body.toString()).contains("mcp__svc__list_runs answered with an error");
        assertThat(livezServer().path("state").asText()).isEqualTo("running");
    }

    @Test
    void anAgentWithoutTheGrantIsRefusedByItsAllowlist() throws Exception {
        HttpResponse<String> r = invoke("boosting-researcher", "mcp__svc__list_runs", "{}");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(403);
        assertThat(Json.parse(r.body()).path("rule_source").asText()).isEqualTo("agent_allowlist");
    }

    @Test
    void theSettingsFilesWasmToolRunsUnderItsRules() throws Exception {
        HttpResponse<String> r = invoke("infra-operator", "read_note", "{\"path\":\"../settings.json\"}");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.body())
                .contains("WASM tool read_note stopped: read_file: ../settings.json is outside its "
                        + "workspace_prefixes [data/]");
    }
}
