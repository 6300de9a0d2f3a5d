package svc.cli.settings;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.cli.ExitCodes;
import svc.cli.Main;
import svc.config.Json;

class SettingsCommandTest {

    @TempDir
    Path temp;

    private Path project;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void createProject() throws IOException {
        project = temp.resolve("proj");
        Files.createDirectories(project);
        Files.writeString(project.resolve("review.md"), "You review.");
    }

    private int run(String... args) {
        return Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
    }

    private Path settings(String json) throws IOException {
        Path file = temp.resolve("settings.json");
        Files.writeString(file, json.replace("PROJECT", project.toString()));
        return file;
    }

    private static final String VALID = """
      {"version": 2,
       "PROJECT": {
         "agents": [{"name": "artifact-reviewer", "prompt": "@review.md", "model": "opus"},
                    {"name": "evaluation-reporter", "prompt": "You write."}],
         "defaults": {"max_total_errors": 7}
       }}""";

    @Test
    void validateAcceptsAValidFile() throws IOException {
        Path file = settings(VALID);

        assertThat(run("settings", "validate", "--file", file.toString())).isEqualTo(ExitCodes.OK);
        assertThat(out.toString().strip()).isEqualTo("OK: " + file + " is valid (1 project, 2 agents)");
    }

    @Test
    void aPluginAgentIsRefusedWithWhyRatherThanADidYouMean() throws IOException {
        Path file = settings("""
        {"version": 2,
         "PROJECT": {"agents": [{"name": "plugin-sample::reviewer", "prompt": "You review."}]}}""");
        String p = "/" + project.toString().replace("/", "~1");

        assertThat(run("settings", "validate", "--file", file.toString())).isEqualTo(ExitCodes.FAILURE);
        assertThat(out.toString().lines())
                .containsExactly(p + "/agents/0/name: `plugin-sample::reviewer` is a plugin agent: plugin agents are "
                        + "configured by their plugin (agents/<agent>.md: description, tools, model, prompt), not in "
                        + "the settings file; the project's `permissions` and the plugin_agents_enabled flag apply "
                        + "to them");
    }

    @Test
    void validateListsEveryProblemOnePerLine() throws IOException {
        Path file = settings("""
        {"version": 5,
         "PROJECT": {
           "agents": [{"name": "Reviewer", "promt": "x"}],
           "providers": {"p": {"type": "openai"}}
         }}""");
        String p = "/" + project.toString().replace("/", "~1");

        assertThat(run("settings", "validate", "--file", file.toString())).isEqualTo(ExitCodes.FAILURE);
        assertThat(out.toString().lines())
                .containsExactly(
                        "/version: version 5 is not supported: use 1 or 2",
                        p + "/agents/0/promt: unknown field `promt`: did you mean `prompt`?",
                        p + "/agents/0/name: agent name `Reviewer` must start with a lower-case letter and hold "
                                + "only lower-case letters, digits and `-` (pattern [a-z][a-z0-9-]*)",
                        p + "/agents/0/prompt: `prompt` is required: give the system prompt text, or "
                                + "@path/to/file",
                        p + "/providers/p/type: provider type `openai` is not supported: the only supported "
                                + "type is `anthropic`");
        assertThat(err.toString()).contains("is not valid: 5 problems");
    }

    @Test
    void validateRefusesAnAgentTheRosterDoesNotHaveAndWarnsAboutFieldsWithNoMeaningHere() throws IOException {
        Path file = settings("""
        {"version": 2,
         "PROJECT": {
           "agents": [{"name": "data-profiller", "prompt": "x", "mode": "parallel",
                       "permissions": {"deny": ["Bash(rm *)"]}}],
           "defaults": {"commit_interval": 60}
         }}""");
        String p = "/" + project.toString().replace("/", "~1");

        assertThat(run("settings", "validate", "--file", file.toString())).isEqualTo(ExitCodes.FAILURE);
        assertThat(out.toString().lines())
                .first()
                .asString()
                .startsWith(p + "/agents/0/name: agent `data-profiller` is not an agent of this platform; did you "
                        + "mean `data-profiler`?");
        assertThat(out.toString())
                .contains("warning: " + p + "/defaults/commit_interval: commit_interval has no meaning here")
                .contains("warning: " + p + "/agents/0/mode: mode `parallel` has no meaning here")
                .contains("warning: " + p + "/agents/0/permissions/deny/0: `Bash` is no tool of this platform");

        Files.writeString(file, Files.readString(file).replace("data-profiller", "data-profiler"));
        out.getBuffer().setLength(0);
        assertThat(run("settings", "validate", "--file", file.toString())).isEqualTo(ExitCodes.OK);
        assertThat(out.toString().lines())
                .filteredOn(l -> l.startsWith("warning: "))
                .hasSize(3);
        assertThat(out.toString()).contains("OK: " + file + " is valid (1 project, 1 agent)");
    }

    @Test
    void validateReportsAMissingFileInOneLine() {
        Path missing = temp.resolve("nope.json");

        assertThat(run("settings", "validate", "--file", missing.toString())).isEqualTo(ExitCodes.FAILURE);
        assertThat(err.toString().strip()).isEqualTo("svc: settings file not found: " + missing);
    }

    @Test
    void validateReadsTheFileUnderUserHomeByDefault() throws IOException {
        Path home = temp.resolve("home");
        Files.createDirectories(home.resolve(".svc"));
        Files.writeString(home.resolve(".svc/settings.json"), VALID.replace("PROJECT", project.toString()));
        String previous = System.getProperty("user.home");
        System.setProperty("user.home", home.toString());
        try {
            assertThat(run("settings", "validate")).isEqualTo(ExitCodes.OK);
        } finally {
            System.setProperty("user.home", previous);
        }
        assertThat(out.toString()).contains(home.resolve(".svc/settings.json").toString());
    }

    @Test
    void usageErrorsExitWithTwo() {
        assertThat(run("settings", "validate", "--bogus")).isEqualTo(ExitCodes.USAGE);
        assertThat(run("settings")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("needs a subcommand: validate or show");
        assertThat(run("settings", "show")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--project");
    }

    @Test
    void showPrintsTheEffectiveProjectWithDefaultsResolved() throws IOException {
        Path file = settings(VALID);

        assertThat(run("settings", "show", "--project", project.toString(), "--file", file.toString()))
                .isEqualTo(ExitCodes.OK);
        JsonNode shown = Json.MAPPER.readTree(out.toString());
        assertThat(shown.at("/agents/0/model").asText()).isEqualTo("opus");
        assertThat(shown.at("/agents/1/model").asText()).isEqualTo("sonnet");
        assertThat(shown.at("/agents/1/provider").asText()).isEqualTo("default");
        assertThat(shown.at("/agents/1/mode").asText()).isEqualTo("cascade");
        assertThat(shown.at("/agents/1/delegate_mode").asBoolean(true)).isFalse();
        assertThat(shown.at("/defaults/max_total_errors").asInt()).isEqualTo(7);
        assertThat(shown.at("/defaults/commit_interval").asInt()).isEqualTo(300);
        assertThat(shown.at("/defaults/max_consecutive_errors").asInt()).isEqualTo(5);
        assertThat(shown.at("/defaults/liveness/stall_timeout_secs").asInt()).isEqualTo(900);
        assertThat(shown.at("/providers/default/type").asText()).isEqualTo("anthropic");
        assertThat(shown.at("/providers/default/api_key_env").asText()).isEqualTo("ANTHROPIC_API_KEY");
        assertThat(out.toString()).contains("\n  \"agents\""); // pretty, not one line
    }

    @Test
    void showFailsClearlyForAProjectNotInTheFile() throws IOException {
        Path file = settings(VALID);
        Path other = temp.resolve("other");

        assertThat(run("settings", "show", "--project", other.toString(), "--file", file.toString()))
                .isEqualTo(ExitCodes.FAILURE);
        assertThat(err.toString().strip())
                .isEqualTo("svc: project " + other + " is not in " + file + " (projects: " + project + ")");
    }

    @Test
    void showRefusesAnInvalidFileAndSaysWhy() throws IOException {
        Path file = settings("{\"version\": 2, \"PROJECT\": {\"agents\": []}}");

        assertThat(run("settings", "show", "--project", project.toString(), "--file", file.toString()))
                .isEqualTo(ExitCodes.FAILURE);
        assertThat(err.toString())
                .contains("/agents: at least one agent is required")
                .contains("is not valid");
    }

    @Test
    void eachSubcommandHasHelpWithAnExample() {
        assertThat(run("settings", "validate", "--help")).isEqualTo(ExitCodes.OK);
        assertThat(run("settings", "show", "--help")).isEqualTo(ExitCodes.OK);
        assertThat(run("settings", "--help")).isEqualTo(ExitCodes.OK);
        assertThat(out.toString())
                .contains("svc settings validate --file ./settings.json")
                .contains("svc settings show --project /home/me/proj --file ./settings.json")
                .contains("Usage: svc settings [-hV] [COMMAND]");
    }
}
