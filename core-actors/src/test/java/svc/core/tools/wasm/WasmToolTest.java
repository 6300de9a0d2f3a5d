package svc.core.tools.wasm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import java.io.File;
import java.net.InetSocketAddress;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.config.Json;
import svc.config.settings.Capability;
import svc.config.settings.WasmLimitsConfig;
import svc.config.settings.WasmToolConfig;
import svc.core.tools.ToolContext;
import svc.core.tools.ToolResult;
import svc.governance.egress.EgressAllowlist;
import svc.governance.egress.EgressPolicy;

/**
 * The WASM tools with real modules in Chicory (their {@code .wat} source beside each {@code
 * .wasm} under {@code src/test/resources/wasm}): within every limit, and stopped with a clear
 * error for each rule the host enforces.
 */
class WasmToolTest {

    static final EgressPolicy NO_G1 = new EgressPolicy(EgressAllowlist.none());
    static final Map<String, String> ENV = Map.of("DB_PASSWORD", "s3cret");

    @TempDir
    Path runDir;

    HttpServer web;
    String url;

    @BeforeEach
    void setUp() throws Exception {
        Files.createDirectories(runDir.resolve("data"));
        Files.writeString(runDir.resolve("data/note.json"), "{\"note\":\"hello\"}");
        Files.writeString(runDir.resolve("private.json"), "{\"secret\":true}");
        web = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        web.createContext("/data.json", ex -> {
            byte[] body = "{\"rows\":3}".getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(200, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        web.start();
        url = "http://127.0.0.1:" + web.getAddress().getPort();
    }

    @AfterEach
    void tearDown() {
        web.stop(0);
    }

    static Path modules() throws URISyntaxException {
        return Path.of(WasmToolTest.class.getResource("/wasm/read.wasm").toURI())
                .getParent();
    }

    static WasmToolConfig config(String name, String module, List<Capability> caps, WasmLimitsConfig limits) {
        return new WasmToolConfig(
                name,
                module + ".wasm",
                caps,
                limits,
                List.of("DB_PASSWORD"),
                List.of("data/"),
                List.of("http://127.0.0.1:" + "PORT" + "/data.json"),
                Map.of());
    }

    WasmTool load(WasmToolConfig c) throws URISyntaxException {
        WasmToolConfig withPort = new WasmToolConfig(
                c.name(),
                c.path(),
                c.capabilities(),
                c.limits(),
                c.secrets(),
                c.workspacePrefixes(),
                c.endpointAllowlist().stream()
                        .map(e -> e.replace("http://127.0.0.1:PORT", url))
                        .toList(),
                c.toolAliases());
        return WasmTool.load(withPort, modules(), WasmLimits.DEFAULTS, NO_G1, ENV::get);
    }

    ToolResult call(WasmTool tool, String argumentsJson) {
        return tool.invoke(new ToolContext("run-1", "data-engineer", runDir, Map.of()), Json.parse(argumentsJson));
    }

    static String error(ToolResult r) {
        assertThat(r.ok()).as("an error: %s", r.contentJson()).isFalse();
        return Json.parse(r.contentJson()).path("error").asText();
    }

    // ---- within ------------------------------------------------------------------------------

    @Test
    void aToolWithinItsLimitsReadsLogsFetchesAndChecksASecret() throws Exception {
        WasmTool read = load(config("read_note", "read", List.of(Capability.LOGGING, Capability.WORKSPACE_READ), null));
        ToolResult r = call(read, "{\"path\":\"data/note.json\"}");
        assertThat(r.ok()).as(r.contentJson()).isTrue();
        JsonNode content = Json.parse(r.contentJson());
        assertThat(content.path("result").path("note").asText()).isEqualTo("hello");
        assertThat(content.path("logs").get(0).asText()).isEqualTo("reading a workspace file");
        assertThat(content.path("instructions").asLong()).isPositive();

        WasmTool fetch = load(config("fetch", "fetch", List.of(Capability.HTTP_REQUEST), null));
        ToolResult f = call(fetch, "{\"url\":\"" + url + "/data.json\"}");
        assertThat(f.ok()).as(f.contentJson()).isTrue();
        assertThat(Json.parse(f.contentJson()).path("result").path("rows").asInt())
                .isEqualTo(3);

        WasmTool secret = load(config("secret", "secret", List.of(Capability.SECRET_CHECK), null));
        ToolResult s = call(secret, "{\"name\":\"DB_PASSWORD\"}");
        assertThat(s.ok()).as(s.contentJson()).isTrue();
        assertThat(Json.parse(s.contentJson()).path("result").path("set").asInt())
                .isEqualTo(1);
        assertThat(s.contentJson()).doesNotContain("s3cret");
    }

    // ---- stopped -----------------------------------------------------------------------------

    @Test
    void memoryPastItsLimitStopsTheModule() throws Exception {
        WasmTool grow = load(config(
                "grow", "grow", List.of(), new WasmLimitsConfig(1024L * 1024, null, null, null, null, null, null)));
        assertThat(error(call(grow, "{}")))
                .contains("WASM tool grow stopped: memory limit exceeded")
                .contains("the limit is 16 pages");
    }

    @Test
    void aModuleThatRunsForeverIsStoppedByItsInstructionBudget() throws Exception {
        WasmTool forever = load(config(
                "forever", "forever", List.of(), new WasmLimitsConfig(null, 200_000L, 30L, null, null, null, null)));
        assertThat(error(call(forever, "{}")))
                .contains("WASM tool forever stopped: instruction budget of 200000 exhausted (fuel_limit)");
    }

    @Test
    void aModuleThatRunsForeverIsStoppedByItsTimeLimit() throws Exception {
        WasmTool forever = load(config(
                "forever",
                "forever",
                List.of(),
                new WasmLimitsConfig(null, Long.MAX_VALUE, 1L, null, null, null, null)));
        Instant started = Instant.now();
        assertThat(error(call(forever, "{}"))).contains("ran past 1 s (execution_timeout_secs)");
        // generous room on a loaded machine: the point is that it ends, not how fast
        assertThat(Duration.between(started, Instant.now())).isLessThan(Duration.ofSeconds(30));
    }

    @Test
    void readingOutsideItsPrefixesStopsTheModule() throws Exception {
        WasmTool read = load(config("read_note", "read", List.of(Capability.LOGGING, Capability.WORKSPACE_READ), null));
        assertThat(error(call(read, "{\"path\":\"private.json\"}")))
                .contains("read_file: private.json is outside its workspace_prefixes [data/]");
        assertThat(error(call(read, "{\"path\":\"data/../private.json\"}"))).contains("outside its workspace_prefixes");
        assertThat(error(call(read, "{\"path\":\"../../etc/passwd\"}"))).contains("outside its workspace_prefixes");
    }

    @Test
    void aHostFunctionWithoutItsCapabilityStopsTheModule() throws Exception {
        WasmTool read = load(config("read_note", "read", List.of(Capability.LOGGING), null));
        assertThat(error(call(read, "{\"path\":\"data/note.json\"}")))
                .contains("read_file needs the capability WorkspaceRead, which the tool was not granted");
    }

    @Test
    void anUnlistedEndpointStopsTheModule() throws Exception {
        WasmTool fetch = load(config("fetch", "fetch", List.of(Capability.HTTP_REQUEST), null));
        assertThat(error(call(fetch, "{\"url\":\"" + url + "/other.json\"}")))
                .contains("http_get: " + url + "/other.json is not in its endpoint_allowlist");
        // a prefix ends at a boundary
        assertThat(error(call(fetch, "{\"url\":\"" + url + "/data.json.evil\"}")))
                .contains("is not in its endpoint_allowlist");
    }

    @Test
    void theEgressAllowlistAlsoHoldsForAListedEndpoint() throws Exception {
        WasmToolConfig c = config("fetch", "fetch", List.of(Capability.HTTP_REQUEST), null);
        WasmToolConfig listed = new WasmToolConfig(
                c.name(),
                c.path(),
                c.capabilities(),
                null,
                c.secrets(),
                c.workspacePrefixes(),
                List.of(url + "/data.json"),
                Map.of());
        WasmTool fetch = WasmTool.load(
                listed,
                modules(),
                WasmLimits.DEFAULTS,
                new EgressPolicy(EgressAllowlist.parse("example.com")),
                ENV::get);
        assertThat(error(call(fetch, "{\"url\":\"" + url + "/data.json\"}")))
                .contains("refused by the egress allowlist (G1)");
    }

    @Test
    void anUnlistedSecretStopsTheModule() throws Exception {
        WasmTool secret = load(config("secret", "secret", List.of(Capability.SECRET_CHECK), null));
        assertThat(error(call(secret, "{\"name\":\"AWS_SECRET_ACCESS_KEY\"}")))
                .contains("secret_check: the secret AWS_SECRET_ACCESS_KEY is not among its secrets [DB_PASSWORD]");
    }

    @Test
    void toolInvokeAndABrokenModuleAreRefusedWhenRegistered() throws Exception {
        assertThatThrownBy(() -> load(config("x", "read", List.of(Capability.TOOL_INVOKE), null)))
                .hasMessageContaining("ToolInvoke is not offered");
        Files.writeString(runDir.resolve("broken.wasm"), "not wasm");
        WasmToolConfig broken = new WasmToolConfig(
                "broken",
                runDir.resolve("broken.wasm").toString(),
                List.of(),
                null,
                List.of(),
                List.of(),
                List.of(),
                Map.of());
        assertThatThrownBy(() -> WasmTool.load(broken, modules(), WasmLimits.DEFAULTS, NO_G1, ENV::get))
                .hasMessageContaining("is not a WASM module");
    }

    @Test
    void eachCommittedModuleIsItsWatSourceCompiled() throws Exception {
        String wat2wasm = findOnPath("wat2wasm");
        assumeTrue(wat2wasm != null, "wat2wasm (Debian package wabt) is not on the PATH");
        for (String name : List.of("read", "fetch", "secret", "grow", "forever")) {
            Path out = runDir.resolve(name + ".wasm");
            Process p = new ProcessBuilder(
                            wat2wasm, modules().resolve(name + ".wat").toString(), "-o", out.toString())
                    .redirectErrorStream(true)
                    .start();
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue())
                    .as(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8))
                    .isZero();
            assertThat(Files.readAllBytes(out))
                    .as("%s.wasm is %s.wat compiled", name, name)
                    .isEqualTo(Files.readAllBytes(modules().resolve(name + ".wasm")));
        }
    }

    private static String findOnPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path p = Path.of(dir, tool);
            if (Files.isExecutable(p)) {
                return p.toString();
            }
        }
        return null;
    }
}
