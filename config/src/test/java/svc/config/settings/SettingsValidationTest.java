package svc.config.settings;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One test per validation rule: each names the pointer and a meaningful part of the sentence. */
class SettingsValidationTest {

    /** The pointer of the project key /home/me/proj, escaped by hand per RFC 6901. */
    private static final String P = "/~1home~1me~1proj";

    private static final String AGENT = "{\"name\": \"dev\", \"prompt\": \"You write code.\"}";

    @TempDir
    Path temp;

    private static List<SettingsProblem> problems(String json) {
        SettingsResult result = SettingsFile.parse(json);
        assertThat(result).isInstanceOf(SettingsResult.Invalid.class);
        return ((SettingsResult.Invalid) result).problems();
    }

    /** A file with one project, /home/me/proj, whose body is given. */
    private static List<SettingsProblem> projectProblems(String projectBody) {
        return problems("{\"version\": 2, \"/home/me/proj\": " + projectBody + "}");
    }

    /** A project with one valid agent plus the given extra members. */
    private static List<SettingsProblem> withAgent(String extraMembers) {
        return projectProblems("{\"agents\": [" + AGENT + "], " + extraMembers + "}");
    }

    private static void assertProblem(List<SettingsProblem> problems, String pointer, String text) {
        assertThat(problems).as("problems %s", problems).anySatisfy(p -> {
            assertThat(p.pointer()).isEqualTo(pointer);
            assertThat(p.message()).contains(text);
        });
    }

    @Test
    void aMinimalFileIsValid() {
        assertThat(SettingsFile.parse("{\"version\": 1, \"/home/me/proj\": {\"agents\": [" + AGENT + "]}}"))
                .isInstanceOf(SettingsResult.Valid.class);
    }

    // ---- top level ----

    @Test
    void versionMustBeOneOrTwo() {
        assertProblem(
                problems("{\"version\": 3, \"/p\": {\"agents\": [" + AGENT + "]}}"),
                "/version",
                "version 3 is not supported: use 1 or 2");
    }

    @Test
    void versionIsRequired() {
        assertProblem(problems("{\"/p\": {\"agents\": [" + AGENT + "]}}"), "/version", "`version` is required");
    }

    @Test
    void atLeastOneProjectIsRequired() {
        assertProblem(problems("{\"version\": 2}"), "", "no project is configured");
    }

    @Test
    void theFileMustBeAnObject() {
        assertProblem(problems("[1, 2]"), "", "must hold one JSON object");
    }

    @Test
    void projectKeysMustBeAbsolute() {
        List<SettingsProblem> problems = problems("{\"version\": 2, \"home/me/proj\": {\"agents\": [" + AGENT + "]}}");
        assertProblem(problems, "/home~1me~1proj", "projects are keyed by their absolute path");
    }

    @Test
    void aMisspelledVersionKeyIsNotMistakenForAProject() {
        assertProblem(
                problems("{\"verison\": 2, \"/p\": {\"agents\": [" + AGENT + "]}}"), "/verison", "spell it `version`");
    }

    @Test
    void projectKeysMustBeCanonicalAndTheMessageGivesTheCanonicalForm() {
        String body = "{\"agents\": [" + AGENT + "]}";
        List<SettingsProblem> problems = problems("{\"version\": 2, "
                + "\"/home/me/../me/proj\": " + body + ", "
                + "\"/home/./me\": " + body + ", "
                + "\"/home//me/x\": " + body + ", "
                + "\"/home/me/y/\": " + body + "}");
        assertProblem(problems, "/~1home~1me~1..~1me~1proj", "write it as `/home/me/proj`");
        assertProblem(problems, "/~1home~1.~1me", "write it as `/home/me`");
        assertProblem(problems, "/~1home~1~1me~1x", "write it as `/home/me/x`");
        assertProblem(problems, "/~1home~1me~1y~1", "write it as `/home/me/y`");
        assertThat(problems).hasSize(4);
    }

    @Test
    void twoKeysForTheSameProjectAreReported() {
        String body = "{\"agents\": [" + AGENT + "]}";
        List<SettingsProblem> problems =
                problems("{\"version\": 2, \"/home/me/proj\": " + body + ", \"/home/me/proj/\": " + body + "}");
        assertProblem(
                problems,
                "/~1home~1me~1proj~1",
                "`/home/me/proj/` and `/home/me/proj` name the same project /home/me/proj: merge them");
    }

    // ---- agents ----

    @Test
    void atLeastOneAgentIsRequired() {
        assertProblem(projectProblems("{\"agents\": []}"), P + "/agents", "at least one agent is required");
        assertProblem(projectProblems("{}"), P + "/agents", "`agents` is required");
    }

    @Test
    void agentNamesFollowThePattern() {
        List<SettingsProblem> problems = projectProblems("{\"agents\": [" + AGENT
                + ", {\"name\": \"Data_Cleaner\", \"prompt\": \"x\"}, {\"name\": \"9lives\", \"prompt\": \"x\"}]}");
        assertProblem(problems, P + "/agents/1/name", "pattern [a-z][a-z0-9-]*");
        assertProblem(problems, P + "/agents/2/name", "must start with a lower-case letter");
    }

    @Test
    void agentNamesAreUniqueAndTheSecondUsePointsAtTheFirst() {
        List<SettingsProblem> problems = projectProblems("{\"agents\": [" + AGENT + ", " + AGENT + "]}");
        assertProblem(problems, P + "/agents/1/name", "`dev` is already used by the agent at " + P + "/agents/0/name");
        assertThat(problems).hasSize(1);
    }

    @Test
    void agentNameAndPromptAreRequired() {
        List<SettingsProblem> problems = projectProblems("{\"agents\": [{\"model\": \"opus\"}]}");
        assertProblem(problems, P + "/agents/0/name", "`name` is required");
        assertProblem(problems, P + "/agents/0/prompt", "`prompt` is required");
    }

    // ---- providers ----

    @Test
    void agentProviderMustBeDefinedAndATypoGetsASuggestion() {
        List<SettingsProblem> problems = projectProblems("{\"agents\": [{\"name\": \"a\", "
                + "\"prompt\": \"p\", \"provider\": \"wrok\"}], "
                + "\"providers\": {\"work\": {\"type\": \"anthropic\"}}}");
        assertProblem(
                problems,
                P + "/agents/0/provider",
                "provider `wrok` is not defined in this project's `providers`; did you mean `work`?");
    }

    @Test
    void defaultsProviderMustBeDefined() {
        assertProblem(
                withAgent("\"defaults\": {\"provider\": \"gateway\"}"),
                P + "/defaults/provider",
                "provider `gateway` is not defined");
    }

    @Test
    void theImplicitDefaultProviderAlwaysResolves() {
        String json = "{\"version\": 2, \"/p\": {\"agents\": [{\"name\": \"a\", \"prompt\": \"p\", "
                + "\"provider\": \"default\"}], \"defaults\": {\"provider\": \"default\"}, "
                + "\"providers\": {\"other\": {\"type\": \"anthropic\"}}}}";
        assertThat(SettingsFile.parse(json)).isInstanceOf(SettingsResult.Valid.class);
    }

    @Test
    void providerTypeMustBeAnthropic() {
        List<SettingsProblem> problems =
                withAgent("\"providers\": {\"oa\": {\"type\": \"openai\"}, \"none\": {\"api_key_env\": \"K\"}}");
        assertProblem(
                problems,
                P + "/providers/oa/type",
                "provider type `openai` is not supported: the only supported type is `anthropic`");
        assertProblem(problems, P + "/providers/none/type", "`type` is required");
    }

    @Test
    void apiKeyEnvNamesAVariableNotAKey() {
        List<SettingsProblem> problems = withAgent("\"providers\": {"
                + "\"a\": {\"type\": \"anthropic\", \"api_key_env\": \"sk-ant-123\"},"
                + "\"b\": {\"type\": \"anthropic\", \"api_key_env\": \"MY KEY\"}}");
        assertProblem(problems, P + "/providers/a/api_key_env", "looks like an API key itself");
        assertProblem(problems, P + "/providers/b/api_key_env", "is not an environment variable name");
    }

    @Test
    void baseUrlMustBeAnHttpAddress() {
        assertProblem(
                withAgent("\"providers\": {\"a\": {\"type\": \"anthropic\", " + "\"base_url\": \"ftp://x\"}}"),
                P + "/providers/a/base_url",
                "is not an http(s) address");
    }

    // ---- @path prompts ----

    @Test
    void atPathPromptsMustNameAReadableFileRelativeToTheProject() throws IOException {
        Path project = temp.resolve("proj");
        Files.createDirectories(project.resolve("prompts"));
        Files.writeString(project.resolve("prompts/ok.md"), "fine");
        String key = project.toString();
        String pointer = "/" + key.replace("/", "~1");
        List<SettingsProblem> problems = problems("{\"version\": 2, \"" + key + "\": {"
                + "\"agents\": [{\"name\": \"a\", \"prompt\": \"@prompts/ok.md\"},"
                + "             {\"name\": \"b\", \"prompt\": \"@prompts/missing.md\"},"
                + "             {\"name\": \"c\", \"prompt\": \"@prompts\"},"
                + "             {\"name\": \"d\", \"prompt\": \"@\"}],"
                + "\"supervisor\": {\"prompt\": \"@merge.md\"}}}");

        assertProblem(
                problems,
                pointer + "/agents/1/prompt",
                "prompt file `prompts/missing.md` does not exist: looked for " + project.resolve("prompts/missing.md"));
        assertProblem(problems, pointer + "/agents/2/prompt", "does not exist"); // a directory
        assertProblem(problems, pointer + "/agents/3/prompt", "`@` must be followed by a file path");
        assertProblem(problems, pointer + "/supervisor/prompt", "prompt file `merge.md` does not exist");
        assertThat(problems).extracting(SettingsProblem::pointer).doesNotContain(pointer + "/agents/0/prompt");
    }

    // ---- MCP transports ----

    @Test
    void mcpTransportNeedsAKnownType() {
        List<SettingsProblem> problems = withAgent("\"mcpServers\": {"
                + "\"a\": {\"transport\": {\"command\": \"x\"}},"
                + "\"b\": {\"transport\": {\"type\": \"stdi0\", \"command\": \"x\"}},"
                + "\"c\": {\"env\": {}}}");
        assertProblem(problems, P + "/mcpServers/a/transport/type", "`type` is required");
        assertProblem(
                problems,
                P + "/mcpServers/b/transport/type",
                "`stdi0` is not a transport type: use `stdio`, `http` or `sse`; did you mean `stdio`?");
        assertProblem(problems, P + "/mcpServers/c/transport", "`transport` is required");
    }

    @Test
    void eachTransportVariantHasItsRequiredAndAllowedFields() {
        List<SettingsProblem> problems = withAgent("\"mcpServers\": {"
                + "\"s\": {\"transport\": {\"type\": \"stdio\", \"url\": \"http://x\"}},"
                + "\"h\": {\"transport\": {\"type\": \"http\", \"headers\": {\"A\": 1}}},"
                + "\"e\": {\"transport\": {\"type\": \"sse\", \"url\": \"not a url\"}, \"env\": {\"X\": true}}}");
        assertProblem(problems, P + "/mcpServers/s/transport/command", "`command` is required");
        assertProblem(problems, P + "/mcpServers/s/transport/url", "unknown field `url`");
        assertProblem(problems, P + "/mcpServers/h/transport/url", "`url` is required");
        assertProblem(problems, P + "/mcpServers/h/transport/headers/A", "must be a string");
        assertProblem(problems, P + "/mcpServers/e/transport/url", "not a valid address");
        assertProblem(problems, P + "/mcpServers/e/env/X", "must be a string, found true");
    }

    // ---- WASM tools ----

    @Test
    void wasmToolNamesFollowTheirPatternAndAreUnique() {
        List<SettingsProblem> problems = withAgent("\"wasm_tools\": ["
                + "{\"name\": \"csv_tool\", \"path\": \"a.wasm\"},"
                + "{\"name\": \"CsvTool\", \"path\": \"b.wasm\"},"
                + "{\"name\": \"csv_tool\", \"path\": \"c.wasm\"},"
                + "{\"name\": \"x\"}]");
        assertProblem(problems, P + "/wasm_tools/1/name", "pattern [a-z][a-z0-9_-]*");
        assertProblem(problems, P + "/wasm_tools/2/name", "already used by the tool at " + P + "/wasm_tools/0/name");
        assertProblem(problems, P + "/wasm_tools/3/path", "`path` is required");
        assertThat(problems).extracting(SettingsProblem::pointer).doesNotContain(P + "/wasm_tools/0/name");
    }

    @Test
    void capabilitiesMustBeKnownValues() {
        List<SettingsProblem> problems = withAgent("\"wasm_tools\": [{\"name\": \"t\", "
                + "\"path\": \"t.wasm\", \"capabilities\": [\"Logging\", \"logging\", \"Network\", 3]}]");
        assertProblem(
                problems, P + "/wasm_tools/0/capabilities/1", "`logging` is not a capability; did you mean `Logging`?");
        assertProblem(
                problems,
                P + "/wasm_tools/0/capabilities/2",
                "(capabilities: Logging, WorkspaceRead, HttpRequest, ToolInvoke, SecretCheck)");
        assertProblem(problems, P + "/wasm_tools/0/capabilities/3", "must be a string");
        assertThat(problems).hasSize(3);
    }

    // ---- unsigned integers ----

    @Test
    void unsignedIntegersRejectNegativeFractionalAndOutOfRangeNumbers() {
        List<SettingsProblem> problems = withAgent("\"defaults\": {"
                + "\"commit_interval\": -1, \"session_timeout\": 2.5,"
                + "\"max_consecutive_errors\": 4294967296, \"max_total_errors\": 4294967295,"
                + "\"liveness\": {\"idle_nudge_after_secs\": 18446744073709551615}},"
                + "\"wasm_tools\": [{\"name\": \"t\", \"path\": \"t.wasm\","
                + "  \"limits\": {\"max_memory_bytes\": -4096, \"fuel_limit\": 1e3}}]");
        assertProblem(problems, P + "/defaults/commit_interval", "must not be negative, found -1");
        assertProblem(problems, P + "/defaults/session_timeout", "must be a whole number, found 2.5");
        assertProblem(
                problems,
                P + "/defaults/max_consecutive_errors",
                "is too large: at most 4294967295 (u32), found 4294967296");
        assertProblem(problems, P + "/defaults/liveness/idle_nudge_after_secs", "at most 9223372036854775807 (u64)");
        assertProblem(problems, P + "/wasm_tools/0/limits/max_memory_bytes", "must not be negative");
        assertProblem(problems, P + "/wasm_tools/0/limits/fuel_limit", "must be a whole number");
        assertThat(problems).extracting(SettingsProblem::pointer).doesNotContain(P + "/defaults/max_total_errors");
        assertThat(problems).hasSize(6);
    }

    // ---- permission rules ----

    @Test
    void permissionRulesMustBeToolGlobOrABareTool() {
        List<SettingsProblem> problems = withAgent("\"permissions\": {"
                + "\"allow\": [\"Bash(git *)\", \"Read(*)\", \"Read\", \"mcp__files__read(docs/*)\"],"
                + "\"ask\": [\"Bash(git *\", \"Bash()\", \"bash git\"],"
                + "\"deny\": [\"\", \"(rm *)\"]}");
        assertProblem(problems, P + "/permissions/ask/0", "must end with the `)` that closes `Bash(`");
        assertProblem(problems, P + "/permissions/ask/1", "use `Bash(*)`");
        assertProblem(problems, P + "/permissions/ask/2", "`bash git` is not a permission rule");
        assertProblem(problems, P + "/permissions/deny/0", "the rule is empty");
        assertProblem(problems, P + "/permissions/deny/1", "the tool name `` must start with a letter");
        assertThat(problems).hasSize(5);
    }

    @Test
    void agentLevelPermissionRulesAreCheckedToo() {
        assertProblem(
                projectProblems("{\"agents\": [{\"name\": \"a\", \"prompt\": \"p\", "
                        + "\"permissions\": {\"deny\": [\"Bash(\"]}}]}"),
                P + "/agents/0/permissions/deny/0",
                "must end with the `)`");
    }

    // ---- JSON types ----

    @Test
    void wrongJsonTypesAreNamed() {
        List<SettingsProblem> problems = projectProblems("{\"agents\": [{\"name\": 7, "
                + "\"prompt\": \"p\", \"delegate_mode\": \"yes\"}], "
                + "\"defaults\": {\"commit_interval\": \"300\", \"liveness\": []},"
                + "\"permissions\": {\"allow\": \"Read\"}, \"hooks\": 3, \"wasm_tools\": {}}");
        assertProblem(problems, P + "/agents/0/name", "must be a string, found the number 7");
        assertProblem(problems, P + "/agents/0/delegate_mode", "must be true or false, found the string \"yes\"");
        assertProblem(
                problems,
                P + "/defaults/commit_interval",
                "must be a whole number from 0 to 9223372036854775807, found the string \"300\"");
        assertProblem(problems, P + "/defaults/liveness", "must be an object");
        assertProblem(problems, P + "/permissions/allow", "must be a list of strings");
        assertProblem(problems, P + "/hooks", "must be an object (the hooks object), found the number 3");
        assertProblem(problems, P + "/wasm_tools", "must be a list of WASM tools, found an object");
    }

    @Test
    void malformedJsonIsReportedWithLineAndColumn() {
        List<SettingsProblem> problems = problems("{\n  \"version\": 2,\n  \"/p\": {\"agents\": [}\n}");
        assertThat(problems).hasSize(1);
        assertProblem(problems, "", "malformed JSON at line 3, column 21: Unexpected close marker '}'");
        assertProblem(problems, "", "(for Array starting at line 3, column 20)");
    }

    @Test
    void duplicateKeysAreMalformedRatherThanSilentlyOverwritten() {
        assertProblem(problems("{\"version\": 1, \"version\": 2}"), "", "malformed JSON at line 1, column");
        assertProblem(problems("   "), "", "the file is empty");
        assertProblem(problems("{\"version\": 2} {}"), "", "malformed JSON at line 1");
    }

    @Test
    void optionalSectionsWrittenAsNullCountAsNotWritten() {
        String json = "{\"version\": 2, \"/p\": {\"agents\": [{\"name\": \"a\", \"prompt\": \"p\", "
                + "\"model\": null, \"permissions\": null}], \"supervisor\": null, \"defaults\": null, "
                + "\"providers\": null, \"permissions\": null, \"hooks\": null, \"mcpServers\": null, "
                + "\"wasm_tools\": null, \"sub_agent_defaults\": null}}";
        SettingsResult result = SettingsFile.parse(json);

        assertThat(result).isInstanceOf(SettingsResult.Valid.class);
        ProjectConfig p = ((SettingsResult.Valid) result).settings().projects().get("/p");
        assertThat(p.hooks()).isNull();
        assertThat(p.wasmTools()).isEmpty();
        assertThat(p.agents().get(0).model()).isNull();
    }

    // ---- unknown fields ----

    @Test
    void unknownFieldsAreErrorsWithADidYouMean() {
        List<SettingsProblem> problems = projectProblems("{\"agents\": [{\"name\": \"a\", "
                + "\"promt\": \"You review.\"}], \"mcp_servers\": {}, \"defaults\": {\"liveness\": "
                + "{\"enabeld\": false}}, \"colour\": \"blue\"}");
        assertProblem(problems, P + "/agents/0/promt", "unknown field `promt`: did you mean `prompt`?");
        // the typo does not fall back silently: the real field is still missing
        assertProblem(problems, P + "/agents/0/prompt", "`prompt` is required");
        assertProblem(problems, P + "/mcp_servers", "did you mean `mcpServers`?");
        assertProblem(problems, P + "/defaults/liveness/enabeld", "did you mean `enabled`?");
        assertProblem(problems, P + "/colour", "the fields allowed here are agents, supervisor");
    }

    // ---- all at once ----

    @Test
    void everyProblemIsReportedAtOnceInAStableOrder() {
        List<SettingsProblem> problems = problems("{\"version\": 9, \"/home/me/proj\": {"
                + "\"agents\": [{\"name\": \"A\", \"prompt\": \"p\", \"modle\": \"x\"}, "
                + "{\"name\": \"b\", \"prompt\": \"p\", \"provider\": \"nope\"}],"
                + "\"providers\": {\"p\": {}},"
                + "\"wasm_tools\": [{\"name\": \"t\", \"path\": \"t.wasm\", \"capabilities\": [\"Root\"]}]}}");
        assertThat(problems)
                .extracting(SettingsProblem::pointer)
                .containsExactly(
                        "/version",
                        P + "/agents/0/modle",
                        P + "/agents/0/name",
                        P + "/agents/1/provider",
                        P + "/providers/p/type",
                        P + "/wasm_tools/0/capabilities/0");
    }

    // ---- what the runtime gives a meaning ----

    @Test
    void defaultModeIsOneOfTheModesThePermissionEngineHas() {
        assertProblem(
                withAgent("\"permissions\": {\"default_mode\": \"asks\"}"),
                P + "/permissions/default_mode",
                "default_mode `asks` is not a mode here: use one of default, allow, ask, deny");
        assertProblem(
                withAgent("\"permissions\": {\"default_mode\": \"plan\"}"),
                P + "/permissions/default_mode",
                "(what a tool call no rule names gets)");
    }

    @Test
    void subAgentDefaultsAreTheDelegationLimits() {
        List<SettingsProblem> problems =
                withAgent("\"sub_agent_defaults\": {\"max_depth\": 0, \"max_children\": 3, \"loop_scope\": \"names\"}");
        assertProblem(problems, P + "/sub_agent_defaults/max_depth", "must be from 1 to 2147483647, found 0");
        assertProblem(problems, P + "/sub_agent_defaults/max_children", "unknown field `max_children`");
        assertProblem(
                problems, P + "/sub_agent_defaults/loop_scope", "use `strict` (agent and arguments) or `name_only`");
    }

    @Test
    void aPluginAgentNameIsAccepted() {
        assertThat(SettingsFile.parse("{\"version\": 2, \"/home/me/proj\": {\"agents\": ["
                        + "{\"name\": \"plugin-acme::scorer\", \"prompt\": \"x\"}]}}"))
                .isInstanceOf(SettingsResult.Valid.class);
    }
}
