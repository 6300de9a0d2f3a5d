package svc.core.plugins;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.config.Json;
import svc.core.platform.Platform;
import svc.core.platform.StandardParts;
import svc.core.tools.mcp.StdioMcpServerMain;

/**
 * A plugin's MCP server ({@code .mcp.json}, a real stdio server process) and WASM tool ({@code
 * wasm/}) on a platform with the standard parts: installed, they join the catalogue as origin
 * {@code plugin:<name>}; the plugin's agent, granted both by its front matter, calls them in a run
 * (the scripted model, through the permission engine); removed, the tools are gone and the
 * server's process has ended.
 */
class PluginExtensionsTest {

    static final Duration WAIT = Duration.ofSeconds(60);
    /** The server's name as its process is started with it: finds the process among this JVM's children. */
    static final String MARKER = "notes-" + UUID.randomUUID().toString().substring(0, 8);

    static final ActorTestKit probes = ActorTestKit.create("plugin-extensions-probes");

    @TempDir
    static Path home;

    @TempDir
    static Path plugin;

    static Platform platform;

    @BeforeAll
    static void start() throws Exception {
        platform = Platform.start(
                ConfigFactory.parseMap(Map.of("svc.home", home.toString(), "svc.cron.scheduler", "off"))
                        .withFallback(ConfigFactory.load()),
                StandardParts.create());
        write(plugin);
    }

    @AfterAll
    static void stop() {
        if (platform != null) {
            platform.close();
        }
        probes.shutdownTestKit();
    }

    static void write(Path dir) throws Exception {
        Files.writeString(
                dir.resolve("plugin.json"),
                "{\"name\":\"tools\",\"version\":\"1.0.0\",\"description\":\"an MCP server and a WASM tool\"}");
        var server = Json.object();
        server.set(
                "transport",
                Json.MAPPER.valueToTree(Map.of(
                        "type",
                        "stdio",
                        "command",
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "args",
                        List.of(
                                // First: the command line as the OS shows it may be cut short after the class path.
                                "-Dsvc.test.marker=" + MARKER,
                                "-Xmx64m",
                                "-XX:TieredStopAtLevel=1",
                                "-cp",
                                System.getProperty("java.class.path"),
                                StdioMcpServerMain.class.getName(),
                                MARKER))));
        server.putObject("env");
        var mcp = Json.object();
        mcp.putObject("mcpServers").set("notes", server);
        Files.writeString(dir.resolve(".mcp.json"), Json.write(mcp));
        Files.createDirectories(dir.resolve("wasm"));
        Files.copy(
                Path.of(PluginExtensionsTest.class
                        .getResource("/wasm/secret.wasm")
                        .toURI()),
                dir.resolve("wasm/secret.wasm"));
        Files.writeString(
                dir.resolve("wasm/secret_check.json"),
                "{\"name\":\"secret_check\",\"path\":\"secret.wasm\",\"capabilities\":[\"SecretCheck\"],"
                        + "\"secrets\":[\"HOME\"]}");
        Files.createDirectories(dir.resolve("agents"));
        Files.writeString(
                dir.resolve("agents/keeper.md"),
                "---\ndescription: Calls the plugin's tools.\ntools: mcp__notes, secret_check\n---\n"
                        + "You call the tools you are asked to call.\n");
        Files.createDirectories(dir.resolve("commands"));
        Files.writeString(
                dir.resolve("commands/both.md"),
                "---\ndescription: Both tools.\nagent: keeper\n---\nCall both tools.\n```json\n"
                        + "{\"calls\": [{\"tool\": \"mcp__notes__echo\", \"arguments\": {\"text\": \"$ARGUMENTS\"}},"
                        + " {\"tool\": \"secret_check\", \"arguments\": {\"name\": \"HOME\"}}]}\n```\n");
    }

    static boolean serverRunning() {
        return ProcessHandle.current()
                .descendants()
                .filter(ProcessHandle::isAlive)
                .anyMatch(p -> p.info().commandLine().orElse("").contains(MARKER));
    }

    @Test
    void thePluginsAgentCallsItsMcpAndWasmToolsAndRemovalTakesThemAway() throws Exception {
        InstalledPlugin installed = platform.plugins()
                .install(PluginArchive.pack(plugin, 1 << 26), "tester")
                .toCompletableFuture()
                .get(WAIT.toSeconds(), TimeUnit.SECONDS);
        assertThat(platform.plugins().drops(installed).dropped())
                .as("the runtimes took the server and the tool")
                .isEmpty();
        assertThat(platform.pluginAgents()
                        .find("plugin-tools::keeper")
                        .orElseThrow()
                        .tools())
                .containsExactly("mcp__notes__*", "secret_check");
        assertThat(platform.parts().tools().find("secret_check")).isPresent();
        assertThat(serverRunning()).as("servers start on first need").isFalse();

        PluginCommands.Invocation run = platform.pluginCommands()
                .invoke("tools:both", "hello", "tester", WAIT)
                .toCompletableFuture()
                .get(WAIT.toSeconds() + 10, TimeUnit.SECONDS);
        assertThat(run.state()).as(String.valueOf(run)).isEqualTo("succeeded");
        assertThat(run.answer()).contains(MARKER + " says hello").contains("\"set\":1");
        assertThat(serverRunning()).as("the plugin's server runs").isTrue();

        platform.plugins().remove("tools").toCompletableFuture().get(WAIT.toSeconds(), TimeUnit.SECONDS);
        assertThat(platform.parts().tools().find("secret_check")).isEmpty();
        assertThat(platform.parts().tools().find("mcp__notes__echo")).isEmpty();
        probes.createTestProbe().awaitAssert(WAIT, Duration.ofMillis(100), () -> {
            assertThat(serverRunning())
                    .as("the server's process ends with its plugin")
                    .isFalse();
            return null;
        });
    }

    @Test
    void anAgentMayNameOnlyItsOwnPluginsExtensionTools() {
        Set<String> own = Set.of("notes");
        assertThat(PluginReader.ownTool("mcp__notes", own, List.of())).contains("mcp__notes__*");
        assertThat(PluginReader.ownTool("mcp__notes__echo", own, List.of())).contains("mcp__notes__echo");
        assertThat(PluginReader.ownTool("mcp__other__echo", own, List.of())).isEmpty();
        assertThat(PluginReader.ownTool("load_skill", own, List.of())).isEmpty();
    }
}
