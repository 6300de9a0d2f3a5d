package svc.core.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.persistence.testkit.PersistenceTestKitSnapshotPlugin;
import org.apache.pekko.persistence.testkit.javadsl.EventSourcedBehaviorTestKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.config.Json;
import svc.config.settings.AgentConfig;
import svc.config.settings.Capability;
import svc.config.settings.McpServerConfig;
import svc.config.settings.McpTransport;
import svc.config.settings.PermissionsConfig;
import svc.config.settings.ProjectConfig;
import svc.config.settings.WasmToolConfig;
import svc.core.CoreSettings;
import svc.core.extensions.Extensions;
import svc.core.governance.GovernedTools;
import svc.core.llm.MessagesApiProvider;
import svc.core.llm.scripted.ScriptedModel;
import svc.core.task.LiveFeed;
import svc.core.task.Requester;
import svc.core.task.RunPort;
import svc.core.task.StepPermit;
import svc.core.task.StepRequest;
import svc.core.task.TaskAnswer;
import svc.core.task.TaskText;
import svc.core.task.ToolApprovalRequest;
import svc.core.telemetry.Tracing;
import svc.core.tools.ToolPermissions;
import svc.core.tools.ToolRegistry;
import svc.core.tools.mcp.HttpMcpServers;
import svc.core.tools.mcp.StdioMcpServerMain;
import svc.governance.egress.EgressAllowlist;
import svc.governance.egress.EgressPolicy;
import svc.governance.guardrail.GuardrailListener;
import svc.governance.permission.DecisionListener;
import svc.governance.permission.DenialLog;
import svc.governance.permission.PolicyRules;
import svc.persistence.store.WorkingCopy;

/**
 * An agent with the embedded scripted model calls MCP tools (stdio, streamable HTTP, SSE) and a
 * WASM tool that the settings file defines and grants it, through the agent loop and the real
 * permission engine: a profile rule of the deployment denies one MCP tool (the denial kept with
 * its source and rule), the agent allowlist refuses what was not granted, and the egress
 * allowlist (G1) judges a remote server's address.
 */
class ExtensionToolsAgentTest {

    static final ActorTestKit testKit = ActorTestKit.create(
            "extension-tools-agent-test",
            ConfigFactory.parseString("pekko.actor.provider = local")
                    .withFallback(PersistenceTestKitSnapshotPlugin.config())
                    .withFallback(EventSourcedBehaviorTestKit.config())
                    .withFallback(ConfigFactory.load()));

    static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    static Path home;

    static HttpMcpServers http;
    static ExecutorService blocking;
    static CoreSettings settings;
    static ToolRegistry tools;
    static Extensions extensions;
    static AgentDirectory directory;
    static DenialLog denials;
    static GovernedTools governance;

    static final AgentProfile WORKER = new AgentProfile(
            "worker", "data", AgentProfile.Tier.WORKER, "You work.", "scripted", "scripted", List.of(), List.of());

    @BeforeAll
    static void setUp() throws Exception {
        http = new HttpMcpServers();
        blocking = Executors.newCachedThreadPool();
        String hocon = """
                svc.home = "%s"
                svc.governance {
                  template = generic_ml
                  rules {
                    no-remote-add {
                      tool_name = mcp__remote__add, behavior = deny, priority = 70, position = 0
                      reason = "Sums are not sent to the remote server."
                    }
                  }
                }
                """.formatted(home.toString().replace("\\", "/"));
        settings = CoreSettings.fromConfig(ConfigFactory.parseString(hocon).withFallback(ConfigFactory.load()));
        Path wasm = Path.of(
                ExtensionToolsAgentTest.class.getResource("/wasm/read.wasm").toURI());
        ProjectConfig project = new ProjectConfig(
                List.of(new AgentConfig(
                        "worker",
                        "You work.",
                        null,
                        null,
                        new PermissionsConfig(
                                List.of("mcp__files", "mcp__remote", "mcp__events__echo", "read_note", "Bash(git *)"),
                                List.of(),
                                List.of(),
                                null),
                        null,
                        null)),
                null,
                null,
                Map.of(),
                null,
                null,
                Map.of(
                        "files", StdioMcpServerMain.config("stdio"),
                        "remote", new McpServerConfig(new McpTransport.Http(http.url("/mcp"), Map.of()), Map.of()),
                        "events", new McpServerConfig(new McpTransport.Sse(http.url("/sse"), Map.of()), Map.of())),
                List.of(new WasmToolConfig(
                        "read_note",
                        wasm.toString(),
                        List.of(Capability.LOGGING, Capability.WORKSPACE_READ),
                        null,
                        List.of(),
                        List.of("data/"),
                        List.of(),
                        Map.of())),
                null);
        tools = new ToolRegistry();
        extensions = new Extensions(
                tools,
                settings.extensions(),
                new EgressPolicy(EgressAllowlist.none()),
                name -> null,
                Clock.systemUTC());
        extensions.add(new Extensions.Definitions("settings", home, project.mcpServers(), project.wasmTools()));
        directory = new AgentDirectory(List.of(WORKER)).withTools(Extensions.grants(project));
        denials = new DenialLog();
        governance = governance("");
    }

    static GovernedTools governance(String egressAllowlist) {
        return new GovernedTools(
                settings,
                directory,
                PolicyRules.empty(),
                null,
                egressAllowlist,
                denials,
                DecisionListener.NONE,
                GuardrailListener.NONE,
                extensions::remoteUrlOf);
    }

    @AfterAll
    static void tearDown() throws Exception {
        tools.close();
        http.close();
        blocking.shutdownNow();
        testKit.shutdownTestKit();
    }

    /** A run's directory with its brief: governance reads the run's profile there (none: every call denied). */
    static String newRun(String runId) throws Exception {
        Files.createDirectories(settings.runDir(runId).resolve("data"));
        Files.writeString(
                settings.runDir(runId).resolve("run.json"), "{\"runId\":\"" + runId + "\",\"profile\":\"generic_ml\"}");
        return runId;
    }

    /** Runs one task on a fresh worker of a fresh run and returns the worker's answer. */
    static TaskAnswer runTask(String tool, String argumentsJson) throws Exception {
        String runId = newRun("run-" + UUID.randomUUID().toString().substring(0, 8));
        Files.writeString(settings.runDir(runId).resolve("data/note.json"), "{\"note\":\"hello\"}");
        CompletableFuture<TaskAnswer> answered = new CompletableFuture<>();
        RunPort port = new RunPort() {
            @Override
            public CompletionStage<StepPermit> requestStep(StepRequest request) {
                return CompletableFuture.completedFuture(new StepPermit.Proceed());
            }

            @Override
            public CompletionStage<StepPermit> requestToolApproval(ToolApprovalRequest request) {
                return new CompletableFuture<>();
            }

            @Override
            public void taskAnswered(TaskAnswer answer) {
                answered.complete(answer);
            }

            @Override
            public void failRun(String runId, String reason) {
                throw new AssertionError("no run fails here: " + reason);
            }

            @Override
            public void admit(String id) {
                throw new AssertionError("agents never admit runs");
            }
        };
        AtomicReference<ActorRef<AgentEntity.Command>> self = new AtomicReference<>();
        AgentRuntime runtime = new AgentRuntime(
                settings,
                directory,
                p -> new MessagesApiProvider("scripted", new ScriptedModel(), blocking),
                tools,
                governance,
                blocking,
                port,
                (id, agent, command) -> self.get().tell(command),
                LiveFeed.none(),
                Tracing.NOOP,
                WorkingCopy.open(settings.artifactStore()));
        ActorRef<AgentEntity.Command> agent = testKit.spawn(AgentEntity.create(
                AgentEntity.entityId(runId, "worker"),
                runtime,
                testKit.<ClusterSharding.ShardCommand>createTestProbe().ref()));
        self.set(agent);
        String text = TaskText.render(
                "Run " + tool + ".", Json.object().put("tool", tool).set("arguments", Json.parse(argumentsJson)));
        agent.tell(new AgentEntity.AssignTask("t-1", Requester.run(), text, 0, List.of()));
        return answered.get(WAIT.toSeconds(), TimeUnit.SECONDS);
    }

    @Test
    void theAgentCallsAnMcpToolOverStdio() throws Exception {
        TaskAnswer a = runTask("mcp__files__echo", "{\"text\":\"hi\"}");
        assertThat(a.outcome().ok()).as(a.outcome().answer()).isTrue();
        assertThat(a.outcome().answer()).contains("stdio says hi");
    }

    @Test
    void theAgentCallsAnMcpToolOverStreamableHttpAndSse() throws Exception {
        TaskAnswer h = runTask("mcp__remote__echo", "{\"text\":\"hi\"}");
        assertThat(h.outcome().answer()).contains("http says hi");
        TaskAnswer s = runTask("mcp__events__echo", "{\"text\":\"hi\"}");
        assertThat(s.outcome().answer()).contains("sse says hi");
    }

    @Test
    void theAgentCallsAWasmTool() throws Exception {
        TaskAnswer a = runTask("read_note", "{\"path\":\"data/note.json\"}");
        assertThat(a.outcome().ok()).as(a.outcome().answer()).isTrue();
        assertThat(a.outcome().answer()).contains("hello");
    }

    @Test
    void aProfileRuleDeniesAnMcpToolAndTheDenialKeepsItsSource() throws Exception {
        TaskAnswer a = runTask("mcp__remote__add", "{\"a\":1,\"b\":2}");
        assertThat(a.outcome().ok()).isFalse();
        assertThat(a.outcome().answer())
                .contains("permission denied by profile: Sums are not sent to the remote server. (rule no-remote-add)");
        assertThat(denials.query(null, "mcp__remote__add", "worker"))
                .isNotEmpty()
                .allSatisfy(d -> {
                    assertThat(d.ruleId()).isEqualTo("no-remote-add");
                    assertThat(d.source()).isEqualTo("profile");
                });
    }

    @Test
    void whatTheSettingsFileDidNotGrantIsNotTheAgentsToUse() throws Exception {
        assertThat(directory.get("worker").tools())
                .containsExactly("mcp__files__*", "mcp__remote__*", "mcp__events__echo", "read_note");
        TaskAnswer a = runTask("mcp__events__add", "{\"a\":1,\"b\":2}");
        assertThat(a.outcome().ok()).isFalse();
        assertThat(a.outcome().answer()).contains("mcp__events__add");
        ToolPermissions.Verdict v = governance.check(newRun("run-x"), "worker", "mcp__events__add", "{}");
        assertThat(v.allowed()).isFalse();
        assertThat(v.source()).isEqualTo("agent_allowlist");
    }

    @Test
    void theEgressAllowlistJudgesARemoteServersAddress() throws Exception {
        newRun("run-g1");
        ToolPermissions.Verdict v = governance("api.example.com").check("run-g1", "worker", "mcp__remote__echo", "{}");
        assertThat(v.allowed()).isFalse();
        assertThat(v.source()).isEqualTo("egress_allowlist");
        assertThat(v.reason()).contains(http.url("/mcp")).contains("loopback");
        ToolPermissions.Verdict stdio =
                governance("api.example.com").check("run-g1", "worker", "mcp__files__echo", "{}");
        assertThat(stdio.allowed())
                .as("a local process has no address to judge")
                .isTrue();
    }
}
