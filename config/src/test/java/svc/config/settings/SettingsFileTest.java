package svc.config.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.config.Json;

/** The full example file: every field of the spec binds, and the default cascade resolves. */
class SettingsFileTest {

    @TempDir
    Path temp;

    private Path projectDir;
    private Path file;

    @BeforeEach
    void writeFullExample() throws IOException {
        projectDir = temp.resolve("proj");
        Files.createDirectories(projectDir.resolve("prompts"));
        Files.writeString(projectDir.resolve("prompts/reviewer.md"), "You review changes.");
        Files.writeString(projectDir.resolve("prompts/supervisor.md"), "You merge the work.");
        file = temp.resolve("settings.json");
        Files.writeString(file, fullExample(projectDir));
    }

    /** valid-full.json with its project key pointed at a real directory. */
    static String fullExample(Path projectDir) throws IOException {
        try (InputStream in = SettingsFileTest.class.getResourceAsStream("/settings/valid-full.json")) {
            String template = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return template.replace("${PROJECT_DIR}", projectDir.toString());
        }
    }

    @Test
    void everyFieldOfTheFullExampleBinds() throws Exception {
        Settings settings = SettingsFile.load(file);

        assertThat(settings.version()).isEqualTo(2);
        assertThat(settings.projects()).containsOnlyKeys(projectDir.toString(), "/srv/other-project");
        ProjectConfig p = settings.projects().get(projectDir.toString());

        assertThat(p.agents().get(0))
                .isEqualTo(new AgentConfig(
                        "reviewer",
                        "@prompts/reviewer.md",
                        "opus",
                        "work",
                        new PermissionsConfig(
                                List.of("Read(*)", "Bash(git *)"), List.of("Bash(rm *)"), List.of("WebFetch"), "ask"),
                        true,
                        "parallel"));
        assertThat(p.agents().get(1))
                .isEqualTo(new AgentConfig(
                        "data-cleaner",
                        "You clean tabular data and explain every change.",
                        null,
                        null,
                        null,
                        null,
                        null));
        assertThat(p.supervisor()).isEqualTo(new SupervisorConfig("@prompts/supervisor.md", "haiku"));
        assertThat(p.defaults())
                .isEqualTo(new DefaultsConfig(
                        "sonnet-4",
                        "work",
                        3600L,
                        120L,
                        4L,
                        4_294_967_295L,
                        "cascade",
                        new LivenessConfig(false, 60L, 90L, 7L, 400L, 1200L, true)));
        assertThat(p.providers())
                .containsExactly(Map.entry(
                        "work",
                        new ProviderConfig(
                                "anthropic", "WORK_ANTHROPIC_KEY", "https://llm-gateway.example.com/v1", 6L, 180L)));
        assertThat(p.permissions())
                .isEqualTo(new PermissionsConfig(
                        List.of("Read"), List.of("Edit(src/**)"), List.of("Bash(curl *)"), "deny"));
        assertThat(p.hooks().json().path("PreToolUse").get(0).path("command").asText())
                .isEqualTo("scripts/check.sh");
        assertThat(p.mcpServers()).containsOnlyKeys("files", "tickets", "events");
        assertThat(p.mcpServers().get("files"))
                .isEqualTo(new McpServerConfig(
                        new McpTransport.Stdio("mcp-files", List.of("--root", ".")), Map.of("LOG_LEVEL", "info")));
        assertThat(p.mcpServers().get("tickets").transport())
                .isEqualTo(new McpTransport.Http("https://tickets.example.com/mcp", Map.of("X-Team", "ml")));
        assertThat(p.mcpServers().get("events").transport())
                .isEqualTo(new McpTransport.Sse("http://localhost:9000/sse", Map.of()));
        assertThat(p.mcpServers().get("events").env()).isEmpty();
        WasmToolConfig tool = p.wasmTools().get(0);
        assertThat(tool)
                .isEqualTo(new WasmToolConfig(
                        "csv_profile",
                        "tools/csv_profile.wasm",
                        List.of(Capability.values()),
                        new WasmLimitsConfig(67_108_864L, 1_000_000_000L, 30L, 500L, 10L, 5L, 10_485_760L),
                        List.of("DATA_API_TOKEN"),
                        List.of("data/", "reports/"),
                        List.of("https://data.example.com/"),
                        Map.of("profile", "csv_profile")));
        assertThat(p.subAgentDefaults().json().path("max_delegations_per_run").asInt())
                .isEqualTo(4);
    }

    @Test
    void effectiveProjectResolvesTheCascadeFromDefaults() throws Exception {
        EffectiveSettings effective = SettingsFile.load(file).effective();

        ProjectConfig p = effective.effectiveProject(projectDir).orElseThrow();

        AgentConfig reviewer = p.agents().get(0);
        assertThat(reviewer.model()).isEqualTo("opus");
        assertThat(reviewer.delegateMode()).isTrue();
        AgentConfig cleaner = p.agents().get(1);
        assertThat(cleaner.model()).isEqualTo("sonnet-4");
        assertThat(cleaner.provider()).isEqualTo("work");
        assertThat(cleaner.mode()).isEqualTo("cascade");
        assertThat(cleaner.delegateMode()).isFalse();
        assertThat(p.supervisor().model()).isEqualTo("haiku");
        // nothing uses `default`, so no implicit provider appears
        assertThat(p.providers()).containsOnlyKeys("work");
    }

    @Test
    void effectiveProjectFillsEverySpecDefaultWhenNothingIsWritten() throws Exception {
        EffectiveSettings effective = SettingsFile.load(file).effective();

        ProjectConfig p =
                effective.effectiveProject(Path.of("/srv/other-project")).orElseThrow();

        assertThat(p.agents())
                .containsExactly(
                        new AgentConfig("solo", "You work alone.", "sonnet", "default", null, false, "cascade"));
        assertThat(p.defaults())
                .isEqualTo(new DefaultsConfig(
                        "sonnet",
                        "default",
                        null,
                        300L,
                        5L,
                        20L,
                        null,
                        new LivenessConfig(true, 120L, 300L, 3L, 600L, 900L, false)));
        assertThat(p.providers())
                .containsExactly(
                        Map.entry("default", new ProviderConfig("anthropic", "ANTHROPIC_API_KEY", null, null, null)));
        assertThat(p.supervisor()).isNull();
        assertThat(p.permissions()).isNull();
    }

    @Test
    void supervisorModelFallsBackToTheDefaultsModelAndPartialLivenessKeepsTheRest() {
        String json = """
        {"version": 1, "/home/me/proj": {
          "agents": [{"name": "a", "prompt": "p", "mode": "solo"}],
          "supervisor": {},
          "defaults": {"model": "opus", "mode": "fanout", "liveness": {"max_nudges": 9}},
          "providers": {"default": {"type": "anthropic", "base_url": "https://x.example.com"}}
        }}""";
        Settings settings = ((SettingsResult.Valid) SettingsFile.parse(json)).settings();

        ProjectConfig p =
                settings.effective().effectiveProject(Path.of("/home/me/proj")).orElseThrow();

        assertThat(p.supervisor()).isEqualTo(new SupervisorConfig(null, "opus"));
        assertThat(p.agents().get(0).mode()).isEqualTo("solo");
        assertThat(p.defaults().liveness()).isEqualTo(new LivenessConfig(true, 120L, 300L, 9L, 600L, 900L, false));
        // a written `default` provider is kept (with the standard key variable), not replaced
        assertThat(p.providers().get("default"))
                .isEqualTo(new ProviderConfig("anthropic", "ANTHROPIC_API_KEY", "https://x.example.com", null, null));
    }

    @Test
    void agentModeFallsBackToTheDefaultsMode() {
        String json = """
        {"version": 2, "/p": {"agents": [{"name": "a", "prompt": "p"}],
                              "defaults": {"mode": "fanout"}}}""";
        Settings settings = ((SettingsResult.Valid) SettingsFile.parse(json)).settings();

        assertThat(settings.effective()
                        .effectiveProject(Path.of("/p"))
                        .orElseThrow()
                        .agents()
                        .get(0)
                        .mode())
                .isEqualTo("fanout");
    }

    @Test
    void projectsAreFoundByTheirNormalizedPath() throws Exception {
        EffectiveSettings effective = SettingsFile.load(file).effective();

        assertThat(effective.effectiveProject(projectDir.resolve("prompts/.."))).isPresent();
        assertThat(effective.effectiveProject(Path.of("/srv/nothing-here"))).isEmpty();
    }

    @Test
    void theEffectiveViewSerializesWithTheFilesKeyNames() throws Exception {
        ProjectConfig p =
                SettingsFile.load(file).effective().effectiveProject(projectDir).orElseThrow();

        JsonNode json = Json.MAPPER.readTree(SettingsJson.toPrettyJson(p));

        assertThat(json.at("/mcpServers/files/transport/type").asText()).isEqualTo("stdio");
        assertThat(json.at("/wasm_tools/0/capabilities/4").asText()).isEqualTo("SecretCheck");
        assertThat(json.at("/defaults/liveness/idle_nudge_after_secs").asLong()).isEqualTo(60);
        assertThat(json.at("/agents/1/delegate_mode").asBoolean(true)).isFalse();
        assertThat(json.at("/hooks/PreToolUse/0/matcher").asText()).isEqualTo("Bash");
        assertThat(json.at("/sub_agent_defaults/max_depth").asInt()).isEqualTo(2);
        // what the effective view prints is itself a valid project
        String reparsed = "{\"version\": 2, \"" + projectDir + "\": " + json + "}";
        assertThat(SettingsFile.parse(reparsed)).isInstanceOf(SettingsResult.Valid.class);
    }

    @Test
    void loadThrowsWithEveryProblemAndReadReportsAMissingFile() throws IOException {
        Path bad = temp.resolve("bad.json");
        Files.writeString(bad, "{\"version\": 3, \"relative\": {}}");

        assertThatThrownBy(() -> SettingsFile.load(bad))
                .isInstanceOfSatisfying(
                        InvalidSettingsException.class,
                        e -> assertThat(e.problems())
                                .extracting(SettingsProblem::pointer)
                                .containsExactly("/version", "/relative", "/relative/agents"));
        assertThatThrownBy(() -> SettingsFile.read(temp.resolve("absent.json")))
                .isInstanceOf(NoSuchFileException.class);
    }

    @Test
    void theDefaultFileLivesUnderTheUsersHome() {
        assertThat(SettingsFile.defaultPath())
                .isEqualTo(Path.of(System.getProperty("user.home"), ".svc", "settings.json"));
    }
}
