package svc.core.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.typesafe.config.ConfigFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.config.Json;
import svc.config.settings.ProjectConfig;
import svc.config.settings.SettingsFile;
import svc.config.settings.SettingsResult;
import svc.core.agent.AgentProfile;
import svc.core.llm.ChatMessage;
import svc.core.llm.LlmRequest;
import svc.core.llm.ToolCall;
import svc.core.platform.Platform;
import svc.core.platform.StandardParts;
import svc.core.plugins.PluginArchive;
import svc.core.plugins.PluginCommands;
import svc.core.tools.ToolInvoker;

/**
 * The four hook events fired at their own points of a platform with the standard parts, each by
 * a settings-file shell hook (in the G2 sandbox) that records its input and blocks what names
 * {@code forbidden} (exit code 2) or amends what names {@code stamp-me} (a {@code mutation}):
 * AGENT_DELEGATE before a {@code transfer_to_} delegation (a block is the delegating agent's
 * refusal), STORAGE_WRITE on an artefact file a tool wrote and on a conversation line (a block
 * withholds the content, a mutation is merged), PRE_COMPACTION and POST_COMPACTION around the
 * providers' context compaction (a PRE block fails the model turn). Every hook run is counted
 * with its event and origin ({@code svc_hook_runs_total{event,plugin}}).
 */
class HookEventsTest {

    static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    static Path home;

    @TempDir
    static Path project;

    static Path log;
    static Platform platform;
    static final List<String> RUNS = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void start() throws Exception {
        log = project.resolve("hook-inputs.jsonl");
        Path script = project.resolve("record.sh");
        Files.writeString(
                script,
                "#!/bin/sh\ninput=$(cat)\nprintf '%s\\n' \"$input\" >> " + log + "\n"
                        + "case \"$input\" in\n"
                        + "  *forbidden*) echo 'nothing forbidden here' >&2; exit 2;;\n"
                        + "  *stamp-me*) echo '{\"mutation\": {\"stamped\": true}}';;\n"
                        + "esac\nexit 0\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        String hook = "[{\"hooks\": [{\"type\": \"command\", \"command\": \"" + script + "\"}]}]";
        String key = project.toString();
        String settings = "{\"version\": 2, \"" + key + "\": {"
                + "\"agents\": [{\"name\": \"director\", \"prompt\": \"You direct the work.\"}],"
                + "\"hooks\": {\"AGENT_DELEGATE\": " + hook + ","
                + " \"STORAGE_WRITE\": [{\"matcher\": \"write_file|hook-test\", \"hooks\": [{\"type\": \"command\","
                + " \"command\": \"" + script + "\"}]}],"
                + " \"PreCompact\": " + hook + ", \"POST_COMPACTION\": " + hook + "}}}";
        SettingsResult parsed = SettingsFile.parse(settings);
        assertThat(parsed).as(String.valueOf(parsed)).isInstanceOf(SettingsResult.Valid.class);
        ProjectConfig file =
                ((SettingsResult.Valid) parsed).settings().projects().get(key);
        // Only the hooks matter here. The file must list an agent, and a listed agent (or the file's
        // defaults) would talk to the file's provider (Anthropic): the agents keep the server's scripted model.
        ProjectConfig config = new ProjectConfig(
                List.of(),
                file.supervisor(),
                null,
                file.providers(),
                file.permissions(),
                file.hooks(),
                file.mcpServers(),
                file.wasmTools(),
                file.subAgentDefaults());
        platform = Platform.start(
                ConfigFactory.parseMap(Map.of("svc.home", home.toString(), "svc.cron.scheduler", "off"))
                        .withFallback(ConfigFactory.load()),
                StandardParts.create(config, key).inProject(project));
        platform.hooks().listen(new HookListener() {
            @Override
            public void ran(HookEvent event, String origin, HookResult result) {
                RUNS.add(event + "/" + origin);
            }

            @Override
            public void shellExecuted(String origin, int exitCode) {}
        });
        // A plugin whose command has the director hand a write to the plugin's agent.
        Path plugin = Files.createDirectories(project.resolve("plugin"));
        Files.writeString(plugin.resolve("plugin.json"), "{\"name\":\"h\",\"version\":\"1\",\"description\":\"\"}");
        Files.createDirectories(plugin.resolve("agents"));
        Files.writeString(
                plugin.resolve("agents/writer.md"),
                "---\ndescription: Writes notes.\ntools: write_file\n---\nYou write the notes you are asked to.\n");
        Files.createDirectories(plugin.resolve("commands"));
        Files.writeString(
                plugin.resolve("commands/note.md"),
                "---\ndescription: A note, written by the writer.\n---\nHave the writer note: $ARGUMENTS\n```json\n"
                        + "{\"delegate_to\": \"plugin-h::writer\", \"tool\": \"write_file\","
                        + " \"arguments\": {\"name\": \"note.txt\", \"content\": \"$ARGUMENTS\"}}\n```\n");
        platform.plugins()
                .install(PluginArchive.pack(plugin, 1 << 20), "tester")
                .toCompletableFuture()
                .get(WAIT.toSeconds(), TimeUnit.SECONDS);
    }

    @AfterAll
    static void stop() {
        if (platform != null) {
            platform.close();
        }
    }

    /** The inputs the hook recorded for an event, in order. */
    static List<JsonNode> inputs(HookEvent event) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        if (!Files.exists(log)) {
            return out;
        }
        for (String line : Files.readAllLines(log)) {
            if (!line.isBlank()) {
                JsonNode input = Json.parse(line);
                if (input.path("hook_event_name").asText().equals(event.name())) {
                    out.add(input);
                }
            }
        }
        return out;
    }

    /** A run's directory with its brief (the default profile), as a run's tools find it. */
    static String brief(String runId) throws IOException {
        Path dir = Files.createDirectories(platform.settings().runDir(runId));
        Files.writeString(dir.resolve("run.json"), "{\"runId\":\"" + runId + "\",\"profile\":\"default\"}");
        return runId;
    }

    static PluginCommands.Invocation note(String words) throws Exception {
        return platform.pluginCommands()
                .invoke("h:note", words, "tester", WAIT)
                .toCompletableFuture()
                .get(WAIT.toSeconds() + 10, TimeUnit.SECONDS);
    }

    @Test
    void agentDelegateHooksSeeTheDelegationAndMayRefuseIt() throws Exception {
        PluginCommands.Invocation allowed = note("the weekly figures");
        assertThat(allowed.state()).as(String.valueOf(allowed)).isEqualTo("succeeded");
        assertThat(inputs(HookEvent.AGENT_DELEGATE)).anySatisfy(input -> {
            assertThat(input.path("agent").asText())
                    .isEqualTo(platform.agents().director().name());
            assertThat(input.path("tool_name").asText()).isEqualTo("transfer_to_plugin-h__writer");
            assertThat(input.path("run_id").asText()).isEqualTo(allowed.runId());
            assertThat(input.path("payload").path("target").asText()).isEqualTo("plugin-h::writer");
            assertThat(input.path("payload").path("arguments").path("task").asText())
                    .contains("the weekly figures");
        });
        assertThat(platform.settings().runDir(allowed.runId()).resolve("notes/note.txt"))
                .as("the writer got the task")
                .hasContent("the weekly figures");

        PluginCommands.Invocation refused = note("the forbidden figures");
        // The director sees the refusal as its delegation's error, and its task fails with it.
        assertThat(refused.state()).isEqualTo("failed");
        assertThat(refused.failure())
                .contains("blocked by hook settings:hooks#AGENT_DELEGATE")
                .contains("nothing forbidden here");
        assertThat(platform.settings().runDir(refused.runId()).resolve("notes/note.txt"))
                .as("the writer never got the task")
                .doesNotExist();
        assertThat(RUNS).contains("AGENT_DELEGATE/settings");
    }

    @Test
    void storageWriteHooksSeeArtefactFilesAndMayWithholdOrAmendThem() throws Exception {
        ToolInvoker tools = platform.toolInvoker();
        String agent = tools.agentWithTool("write_file").orElseThrow();
        String runId = brief("run-storage");
        ToolInvoker.Outcome stamped = tools.invoke(
                        runId,
                        agent,
                        "write_file",
                        Json.object().put("name", "memo.json").put("content", "{\"note\": \"stamp-me\"}"))
                .toCompletableFuture()
                .get(WAIT.toSeconds(), TimeUnit.SECONDS);
        JsonNode written =
                Json.parse(Files.readString(platform.settings().runDir(runId).resolve("notes/memo.json")));
        assertThat(stamped).isInstanceOf(ToolInvoker.Completed.class);
        assertThat(written.path("note").asText()).isEqualTo("stamp-me");
        assertThat(written.path("stamped").asBoolean())
                .as("the mutation is merged")
                .isTrue();
        assertThat(inputs(HookEvent.STORAGE_WRITE)).anySatisfy(input -> {
            assertThat(input.path("tool_name").asText()).isEqualTo("write_file");
            assertThat(input.path("payload").path("kind").asText()).isEqualTo("artefact");
            assertThat(input.path("payload").path("path").asText()).isEqualTo("notes/memo.json");
            assertThat(input.path("payload").path("content").path("note").asText())
                    .isEqualTo("stamp-me");
        });

        ToolInvoker.Outcome withheld = tools.invoke(
                        runId,
                        agent,
                        "write_file",
                        Json.object().put("name", "plan.md").put("content", "the forbidden plan"))
                .toCompletableFuture()
                .get(WAIT.toSeconds(), TimeUnit.SECONDS);
        assertThat(Files.readString(platform.settings().runDir(runId).resolve("notes/plan.md")))
                .startsWith("[withheld: blocked by hook settings:hooks#STORAGE_WRITE")
                .doesNotContain("the forbidden plan");
        assertThat(RUNS).contains("STORAGE_WRITE/settings");
    }

    @Test
    void storageWriteHooksSeeConversationLinesAndMayWithholdOrAmendThem() throws Exception {
        // The screen the conversation projection writes every line through.
        String line = "{\"seq\":7,\"ts\":\"2026-01-01T00:00:00Z\",\"agent\":\"hook-test\",\"task_id\":\"t1\","
                + "\"role\":\"assistant\",\"content\":\"stamp-me\"}";
        JsonNode amended = Json.parse(platform.parts().permissions().screenStored("run-conv", line));
        assertThat(amended.path("stamped").asBoolean()).isTrue();
        assertThat(amended.path("seq").asInt()).isEqualTo(7);
        JsonNode withheld = Json.parse(
                platform.parts().permissions().screenStored("run-conv", line.replace("stamp-me", "forbidden words")));
        assertThat(withheld.path("seq").asInt()).isEqualTo(7);
        assertThat(withheld.path("_withheld").asBoolean()).isTrue();
        assertThat(withheld.path("content").asText())
                .startsWith("[withheld: blocked by hook settings:hooks#STORAGE_WRITE")
                .doesNotContain("forbidden words");
        assertThat(inputs(HookEvent.STORAGE_WRITE)).anySatisfy(input -> {
            assertThat(input.path("run_id").asText()).isEqualTo("run-conv");
            assertThat(input.path("agent").asText()).isEqualTo("hook-test");
            assertThat(input.path("payload").path("kind").asText()).isEqualTo("conversation");
            assertThat(input.path("payload").path("line").path("seq").asInt()).isEqualTo(7);
        });
    }

    /** A conversation of two exchanges of about 40,000 tokens together: past the scripted model's window. */
    static LlmRequest longConversation(String agent) {
        String big = "figures ".repeat(10_000);
        List<ChatMessage> messages = List.of(
                ChatMessage.user("Review the figures."),
                ChatMessage.assistant("", List.of(new ToolCall("c1", "read_artifact", "{}"))),
                ChatMessage.toolResult("c1", big, false),
                ChatMessage.assistant("", List.of(new ToolCall("c2", "read_artifact", "{}"))),
                ChatMessage.toolResult("c2", big, false));
        return new LlmRequest(agent, "scripted", "You review.", messages, List.of(), 1024);
    }

    @Test
    void compactionHooksRunAroundTheCompactionAndABlockFailsTheTurn() throws Exception {
        AgentProfile director = platform.agents().director();
        platform.parts()
                .providers()
                .apply(director)
                .complete(longConversation(director.name()))
                .toCompletableFuture()
                .get(WAIT.toSeconds(), TimeUnit.SECONDS);
        JsonNode pre = inputs(HookEvent.PRE_COMPACTION).get(0);
        JsonNode post = inputs(HookEvent.POST_COMPACTION).get(0);
        assertThat(pre.path("agent").asText()).isEqualTo(director.name());
        assertThat(pre.path("payload").path("messages").asInt()).isEqualTo(5);
        assertThat(pre.path("payload").path("window_tokens").asInt()).isEqualTo(32_768);
        assertThat(post.path("payload").path("estimated_tokens").asLong())
                .isLessThan(pre.path("payload").path("estimated_tokens").asLong());
        assertThat(RUNS).contains("PRE_COMPACTION/settings", "POST_COMPACTION/settings");

        int posts = inputs(HookEvent.POST_COMPACTION).size();
        try {
            platform.parts()
                    .providers()
                    .apply(director)
                    .complete(longConversation("forbidden-agent"))
                    .toCompletableFuture()
                    .get(WAIT.toSeconds(), TimeUnit.SECONDS);
            throw new AssertionError("a blocked compaction must fail the turn");
        } catch (ExecutionException | CompletionException e) {
            assertThat(e.getCause().getMessage())
                    .contains("the conversation was not compacted")
                    .contains("blocked by hook settings:hooks#PRE_COMPACTION");
        }
        assertThat(inputs(HookEvent.POST_COMPACTION)).hasSize(posts);
    }
}
