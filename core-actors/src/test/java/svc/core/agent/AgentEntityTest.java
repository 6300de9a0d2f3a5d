package svc.core.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.persistence.testkit.PersistenceTestKitSnapshotPlugin;
import org.apache.pekko.persistence.testkit.javadsl.EventSourcedBehaviorTestKit;
import org.apache.pekko.persistence.testkit.javadsl.EventSourcedBehaviorTestKit.CommandResult;
import org.apache.pekko.serialization.Serialization;
import org.apache.pekko.serialization.SerializationExtension;
import org.apache.pekko.serialization.Serializer;
import org.apache.pekko.serialization.Serializers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import svc.config.Json;
import svc.core.CoreSettings;
import svc.core.agent.AgentEntity.Acting;
import svc.core.agent.AgentEntity.AssignTask;
import svc.core.agent.AgentEntity.AssistantSaid;
import svc.core.agent.AgentEntity.Command;
import svc.core.agent.AgentEntity.Event;
import svc.core.agent.AgentEntity.Idle;
import svc.core.agent.AgentEntity.State;
import svc.core.agent.AgentEntity.TaskFinished;
import svc.core.agent.AgentEntity.TaskStarted;
import svc.core.agent.AgentEntity.Thinking;
import svc.core.agent.AgentEntity.ToolAnswered;
import svc.core.llm.ChatMessage;
import svc.core.llm.LlmProvider;
import svc.core.llm.LlmRequest;
import svc.core.llm.LlmResponse;
import svc.core.llm.PriceTable;
import svc.core.llm.ToolCall;
import svc.core.llm.Usage;
import svc.core.task.LiveFeed;
import svc.core.task.Requester;
import svc.core.task.RunPort;
import svc.core.task.StepPermit;
import svc.core.task.StepRequest;
import svc.core.task.TaskAnswer;
import svc.core.task.TaskOutcome;
import svc.core.task.ToolApprovalRequest;
import svc.core.telemetry.Tracing;
import svc.core.tools.SimpleTool;
import svc.core.tools.ToolContext;
import svc.core.tools.ToolPermissions;
import svc.core.tools.ToolRegistry;
import svc.core.tools.ToolResult;
import svc.persistence.store.WorkingCopy;

/**
 * The agent entity alone, with {@link EventSourcedBehaviorTestKit}: each command in each phase
 * (events, state, what it asks of its run, its model, its tools and other agents), each event
 * folded, commands, events and states checked for serialization, recovery from events and from
 * snapshots, and answers that arrive after a restart. The run, the model and the tools are test
 * doubles; everything the agent sends an agent (itself included) lands in the {@code mail} probe
 * and is fed back by the test, one command at a time.
 */
class AgentEntityTest {

    static final ActorTestKit testKit = ActorTestKit.create(
            "agent-entity-test",
            ConfigFactory.parseString("pekko.actor.provider = local")
                    .withFallback(PersistenceTestKitSnapshotPlugin.config())
                    .withFallback(EventSourcedBehaviorTestKit.config())
                    .withFallback(ConfigFactory.load()));

    static final Duration WAIT = Duration.ofSeconds(10);
    static final Duration QUIET = Duration.ofMillis(300);
    static final Duration IDLE = Duration.ofMillis(400);
    static final Usage USAGE = new Usage(1000, 100, 0);
    static final double TURN_COST = PriceTable.costUsd("scripted", USAGE);

    static final AgentProfile LEAD = new AgentProfile(
            "lead",
            "data",
            AgentProfile.Tier.COORDINATOR,
            "You lead.",
            "scripted",
            "scripted",
            List.of(),
            List.of("worker"));
    static final AgentProfile WORKER = new AgentProfile(
            "worker",
            "data",
            AgentProfile.Tier.WORKER,
            "You work.",
            "scripted",
            "scripted",
            List.of("probe", "guarded", "write", "write_reported"),
            List.of());
    static final AgentDirectory DIRECTORY = new AgentDirectory(List.of(LEAD, WORKER));

    /** A command an agent sent to an agent of the run (itself included). */
    record Mail(String agent, Command command) {}

    /** The agent asked its run to fail. */
    record RunFailedBy(String runId, String reason) {}

    TestProbe<Mail> mail;
    TestProbe<ClusterSharding.ShardCommand> shard;
    /** What the agent asked of its run: step requests, approval requests, task answers. */
    TestProbe<Object> run;
    /** What the agent sent its model. */
    TestProbe<LlmRequest> model;
    /** The model's next answers, in order; an answer left incomplete keeps the agent waiting. */
    final Deque<CompletableFuture<LlmResponse>> script = new ArrayDeque<>();

    final Map<String, AtomicInteger> invocations = new ConcurrentHashMap<>();
    /** When set, the probe tool waits here before answering. */
    volatile CountDownLatch probeGate;

    Function<StepRequest, CompletionStage<StepPermit>> permits;
    Function<ToolApprovalRequest, CompletionStage<StepPermit>> approvals;
    ExecutorService blocking;
    CoreSettings settings;
    String runId;

    @BeforeEach
    void setUp() {
        mail = testKit.createTestProbe();
        shard = testKit.createTestProbe();
        run = testKit.createTestProbe();
        model = testKit.createTestProbe();
        permits = r -> CompletableFuture.completedFuture(new StepPermit.Proceed());
        approvals = r -> new CompletableFuture<>();
        blocking = Executors.newCachedThreadPool();
        settings = settings(Map.of());
        runId = "run-" + UUID.randomUUID().toString().substring(0, 8);
    }

    @AfterEach
    void tearDown() {
        CountDownLatch gate = probeGate;
        if (gate != null) {
            gate.countDown();
        }
        blocking.shutdownNow();
    }

    @AfterAll
    static void shutdown() {
        testKit.shutdownTestKit();
    }

    // ---- wiring -----------------------------------------------------------------------------

    static CoreSettings settings(Map<String, Object> overrides) {
        Map<String, Object> values = new HashMap<>();
        values.put(
                "svc.home",
                Path.of(System.getProperty("java.io.tmpdir"), "agent-entity-test")
                        .toString());
        values.put("svc.agents.idle-timeout", IDLE.toMillis() + "ms");
        values.putAll(overrides);
        return CoreSettings.fromConfig(ConfigFactory.parseMap(values).withFallback(ConfigFactory.load()));
    }

    AgentRuntime runtime() {
        ActorRef<Mail> mailRef = mail.ref();
        ActorRef<Object> runRef = run.ref();
        ActorRef<LlmRequest> modelRef = model.ref();
        RunPort port = new RunPort() {
            @Override
            public CompletionStage<StepPermit> requestStep(StepRequest request) {
                runRef.tell(request);
                return permits.apply(request);
            }

            @Override
            public CompletionStage<StepPermit> requestToolApproval(ToolApprovalRequest request) {
                runRef.tell(request);
                return approvals.apply(request);
            }

            @Override
            public void taskAnswered(TaskAnswer answer) {
                runRef.tell(answer);
            }

            @Override
            public void failRun(String runId, String reason) {
                runRef.tell(new RunFailedBy(runId, reason));
            }

            @Override
            public void admit(String id) {
                throw new AssertionError("agents never admit runs");
            }
        };
        LlmProvider provider = new LlmProvider() {
            @Override
            public String kind() {
                return "scripted";
            }

            @Override
            public CompletionStage<LlmResponse> complete(LlmRequest request) {
                modelRef.tell(request);
                synchronized (script) {
                    CompletableFuture<LlmResponse> next = script.pollFirst();
                    return next != null ? next : new CompletableFuture<>();
                }
            }
        };
        ToolRegistry tools = new ToolRegistry()
                .register(new SimpleTool("probe", "answers at once", SimpleTool.schema("q"), this::probe))
                .register(new SimpleTool("guarded", "needs a person", SimpleTool.schema(), (c, a) -> count("guarded")))
                // What the JDK throws for ENOSPC (the OS's answer, doubled here; DiskFullProcessTest fills a real
                // disk).
                .register(new SimpleTool("write", "writes a file", SimpleTool.schema(), (c, a) -> {
                    count("write");
                    throw new FileSystemException(
                            c.runDir().resolve("report.json").toString(), null, "No space left on device");
                }))
                .register(new SimpleTool(
                        "write_reported", "reports its own write failure", SimpleTool.schema(), (c, a) -> {
                            count("write_reported");
                            return ToolResult.error("cannot write report.json: No space left on device");
                        }));
        ToolPermissions permissions = new ToolPermissions() {
            @Override
            public Verdict check(String r, String agent, String tool, String args) {
                return tool.equals("guarded") ? Verdict.ask("profile", "a person decides") : Verdict.allow();
            }

            @Override
            public Optional<String> checkDelegation(String r, String agent, String target, String args) {
                return Optional.ofNullable(delegationRefusal);
            }
        };
        LiveFeed<Event> feed = LiveFeed.none();
        return new AgentRuntime(
                settings,
                DIRECTORY,
                p -> provider,
                tools,
                permissions,
                blocking,
                port,
                (id, agent, command) -> mailRef.tell(new Mail(agent, command)),
                feed,
                Tracing.NOOP,
                WorkingCopy.open(settings.artifactStore()));
    }

    private ToolResult probe(ToolContext context, JsonNode args) throws InterruptedException {
        CountDownLatch gate = probeGate;
        if (gate != null) {
            gate.await(30, TimeUnit.SECONDS);
        }
        ToolResult r = count("probe");
        Map<String, Object> facts = ToolResult.newFacts();
        facts.put("probe." + args.path("q").asText("q"), "seen");
        return new ToolResult(
                true, Json.write(Json.object().put("q", args.path("q").asText())), facts);
    }

    private ToolResult count(String tool) {
        invocations.computeIfAbsent(tool, k -> new AtomicInteger()).incrementAndGet();
        return ToolResult.ok(Json.object().put("tool", tool));
    }

    int calls(String tool) {
        return invocations.getOrDefault(tool, new AtomicInteger()).get();
    }

    EventSourcedBehaviorTestKit<Command, Event, State> kit(AgentProfile agent) {
        return EventSourcedBehaviorTestKit.create(
                testKit.system(),
                AgentEntity.create(AgentEntity.entityId(runId, agent.name()), runtime(), shard.ref()),
                EventSourcedBehaviorTestKit.enabledSerializationSettings());
    }

    String persistenceId(AgentProfile agent) {
        return "agent|" + AgentEntity.entityId(runId, agent.name());
    }

    // ---- driving ----------------------------------------------------------------------------

    static AssignTask task(String id, String text) {
        return new AssignTask(id, Requester.run(), text, 0, List.of());
    }

    static ToolCall call(String id, String q) {
        return new ToolCall(id, "probe", "{\"q\":\"" + q + "\"}");
    }

    static ToolCall delegation(String id, String text) {
        return new ToolCall(id, "transfer_to_worker", "{\"task\":\"" + text + "\"}");
    }

    void answers(LlmResponse... responses) {
        synchronized (script) {
            for (LlmResponse r : responses) {
                script.addLast(CompletableFuture.completedFuture(r));
            }
        }
    }

    /** What the AGENT_DELEGATE screen of the permissions answers (null: let it go on). */
    volatile String delegationRefusal;

    CompletableFuture<LlmResponse> heldAnswer() {
        CompletableFuture<LlmResponse> held = new CompletableFuture<>();
        synchronized (script) {
            script.addLast(held);
        }
        return held;
    }

    static LlmResponse callsTools(ToolCall... calls) {
        return new LlmResponse("scripted", "on it", List.of(calls), USAGE, "tool_use");
    }

    static LlmResponse finalAnswer(String text) {
        return new LlmResponse("scripted", text, List.of(), USAGE, "end_turn");
    }

    /** The next command some agent was sent; it must be for {@code agent} and of {@code type}. */
    <T extends Command> T sent(AgentProfile agent, Class<T> type) {
        Mail m = mail.expectMessageClass(Mail.class, WAIT);
        assertThat(m.agent()).as("addressee of %s", m.command()).isEqualTo(agent.name());
        assertThat(m.command()).isInstanceOf(type);
        return type.cast(m.command());
    }

    /** Feeds the agent the next answer it sent itself, of the given type. */
    CommandResult<Command, Event, State> feed(
            EventSourcedBehaviorTestKit<Command, Event, State> kit, AgentProfile agent, Class<? extends Command> type) {
        return kit.runCommand(sent(agent, type));
    }

    /** The task's end among a command's events. */
    static TaskFinished finished(CommandResult<Command, Event, State> result) {
        return result.events().stream()
                .filter(TaskFinished.class::isInstance)
                .map(TaskFinished.class::cast)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no TaskFinished in " + result.events()));
    }

    /** Worker: a task, the permit, a model turn calling probe, its result; the agent now asks for a step. */
    EventSourcedBehaviorTestKit<Command, Event, State> workerAfterOneToolCall() {
        answers(callsTools(call("c1", "rows")));
        var kit = kit(WORKER);
        kit.runCommand(task("t1", "count the rows"));
        feed(kit, WORKER, AgentEntity.PermitAnswered.class);
        feed(kit, WORKER, AgentEntity.ModelAnswered.class);
        feed(kit, WORKER, AgentEntity.ToolFinished.class);
        return kit;
    }

    // ---- Idle -------------------------------------------------------------------------------

    @Test
    void anIdleAgentStartsATaskAndAsksItsRunBeforeCallingTheModel() {
        permits = r -> new CompletableFuture<>();
        var kit = kit(WORKER);
        var result = kit.runCommand(task("t1", "count the rows"));
        TaskStarted started = result.eventOfType(TaskStarted.class);
        assertThat(started.seq()).isEqualTo(1);
        assertThat(started.text()).isEqualTo("count the rows");
        Thinking thinking = result.stateOfType(Thinking.class);
        assertThat(thinking.task().taskId()).isEqualTo("t1");
        assertThat(thinking.memory().conversation().asList()).containsExactly(ChatMessage.user("count the rows"));
        StepRequest asked = run.expectMessageClass(StepRequest.class, WAIT);
        assertThat(asked).isEqualTo(new StepRequest(runId, "worker", 0, false, "scripted", "scripted"));
        model.expectNoMessage(QUIET);
    }

    @Test
    void aFinishedTaskAskedForAgainIsAnsweredAgainWithoutNewEvents() {
        answers(finalAnswer("done: 12 rows"));
        var kit = kit(WORKER);
        kit.runCommand(task("t1", "count the rows"));
        feed(kit, WORKER, AgentEntity.PermitAnswered.class);
        feed(kit, WORKER, AgentEntity.ModelAnswered.class);
        run.expectMessageClass(StepRequest.class, WAIT);
        assertThat(run.expectMessageClass(TaskAnswer.class, WAIT).outcome().answer())
                .isEqualTo("done: 12 rows");

        var again = kit.runCommand(task("t1", "count the rows"));
        assertThat(again.hasNoEvents()).isTrue();
        assertThat(run.expectMessageClass(TaskAnswer.class, WAIT).outcome().answer())
                .isEqualTo("done: 12 rows");
        assertThat(again.state()).isInstanceOf(Idle.class);
    }

    @Test
    void anIdleAgentPassivatesItselfThroughItsShardAfterTheIdleTimeout() {
        var kit = kit(WORKER);
        kit.runCommand(AgentEntity.Prepare.INSTANCE);
        ClusterSharding.Passivate<?> passivate = shard.expectMessageClass(ClusterSharding.Passivate.class, WAIT);
        assertThat(passivate.entity()).isNotNull();
        assertThat(kit.getState()).isInstanceOf(Idle.class);
    }

    @Test
    void anAgentWithATaskIsNeverPassivatedWhileItWaits() {
        heldAnswer();
        var kit = kit(WORKER);
        kit.runCommand(task("t1", "count the rows"));
        feed(kit, WORKER, AgentEntity.PermitAnswered.class);
        model.expectMessageClass(LlmRequest.class, WAIT);
        // The model never answers: the agent waits well past its idle timeout and stays.
        shard.expectNoMessage(IDLE.multipliedBy(3));
        assertThat(kit.getState()).isInstanceOf(Thinking.class);
    }

    @Test
    void stopStopsTheAgent() {
        var agent = testKit.spawn(AgentEntity.create(AgentEntity.entityId(runId, "worker"), runtime(), shard.ref()));
        TestProbe<Object> watcher = testKit.createTestProbe();
        agent.tell(AgentEntity.Stop.INSTANCE);
        watcher.expectTerminated(agent, WAIT);
    }

    @Test
    void answersAnIdleAgentNoLongerWaitsForChangeNothing() {
        var kit = kit(WORKER);
        for (Command stale : staleAnswers()) {
            var result = kit.runCommand(stale);
            assertThat(result.hasNoEvents()).as("%s", stale).isTrue();
            assertThat(result.state()).as("%s", stale).isEqualTo(new Idle(AgentEntity.Memory.empty()));
        }
        run.expectNoMessage(QUIET);
        model.expectNoMessage(Duration.ZERO);
    }

    static List<Command> staleAnswers() {
        return List.of(
                new AgentEntity.PermitAnswered("permit after 0", null),
                new AgentEntity.PermitLost("permit after 0"),
                new AgentEntity.ModelAnswered(0, 0, finalAnswer("late"), 1, List.of()),
                new AgentEntity.ModelFailed(0, "late"),
                new AgentEntity.ToolFinished("c9", ToolResult.error("late"), 1),
                new AgentEntity.ToolDiskFull("c9", "disk full: late"),
                new AgentEntity.ToolNeedsApproval("c9", "late", "hitl", null),
                new AgentEntity.ApprovalAnswered("c9", null),
                new AgentEntity.ApprovalLost("c9"),
                new AgentEntity.DelegationAnswered("c9", new TaskOutcome(true, "late", Map.of())),
                new AgentEntity.DelegationOverdue("c9"),
                new AgentEntity.LimitReached("limit t9 0", "session_timeout", "late"),
                new AgentEntity.SessionExpired("t9"),
                new AgentEntity.LivenessTick("model after 0"),
                AgentEntity.IdleTimeout.INSTANCE);
    }

    // ---- Thinking ---------------------------------------------------------------------------

    @Test
    void aGrantedPermitSendsTheConversationToTheModel() {
        heldAnswer();
        var kit = kit(WORKER);
        kit.runCommand(task("t1", "count the rows"));
        var result = feed(kit, WORKER, AgentEntity.PermitAnswered.class);
        assertThat(result.hasNoEvents()).isTrue();
        LlmRequest request = model.expectMessageClass(LlmRequest.class, WAIT);
        assertThat(request.agent()).isEqualTo("worker");
        assertThat(request.system()).isEqualTo("You work.");
        assertThat(request.messages()).containsExactly(ChatMessage.user("count the rows"));
        assertThat(request.tools())
                .extracting(t -> t.name())
                .containsExactly("probe", "guarded", "write", "write_reported");
    }

    @Test
    void aPermitForAnotherStepIsIgnored() {
        permits = r -> new CompletableFuture<>();
        var kit = kit(WORKER);
        kit.runCommand(task("t1", "count the rows"));
        var result = kit.runCommand(new AgentEntity.PermitAnswered("permit after 7", null));
        assertThat(result.hasNoEvents()).isTrue();
        model.expectNoMessage(QUIET);
    }

    @Test
    void aRefusedPermitEndsTheTaskAndAnswersTheRequester() {
        permits = r -> CompletableFuture.completedFuture(new StepPermit.Refuse("the run was cancelled", true));
        var kit = kit(WORKER);
        kit.runCommand(task("t1", "count the rows"));
        var result = feed(kit, WORKER, AgentEntity.PermitAnswered.class);
        TaskFinished finished = finished(result);
        assertThat(finished.outcome().ok()).isFalse();
        assertThat(finished.outcome().answer()).contains("the run was cancelled");
        assertThat(result.state()).isInstanceOf(Idle.class);
        run.expectMessageClass(StepRequest.class, WAIT);
        assertThat(run.expectMessageClass(TaskAnswer.class, WAIT).outcome().ok())
                .isFalse();
        model.expectNoMessage(QUIET);
    }

    @Test
    void aLostPermitIsAskedForAgain() {
        permits = r -> CompletableFuture.failedFuture(new RuntimeException("ask timed out"));
        var kit = kit(WORKER);
        kit.runCommand(task("t1", "count the rows"));
        run.expectMessageClass(StepRequest.class, WAIT);
        permits = r -> new CompletableFuture<>();
        var result = feed(kit, WORKER, AgentEntity.PermitLost.class);
        assertThat(result.hasNoEvents()).isTrue();
        run.expectMessageClass(StepRequest.class, WAIT);
    }

    @Test
    void aModelAnswerWithToolCallsIsRecordedAndTheFirstCallRuns() {
        answers(callsTools(call("c1", "rows"), call("c2", "cols")));
        var kit = kit(WORKER);
        kit.runCommand(task("t1", "count the rows"));
        feed(kit, WORKER, AgentEntity.PermitAnswered.class);
        var result = feed(kit, WORKER, AgentEntity.ModelAnswered.class);
        AssistantSaid said = result.eventOfType(AssistantSaid.class);
        assertThat(said.seq()).isEqualTo(2);
        assertThat(said.costUsd()).isEqualTo(TURN_COST);
        assertThat(said.toolCalls()).extracting(ToolCall::id).containsExactly("c1", "c2");
        Acting acting = result.stateOfType(Acting.class);
        assertThat(acting.pending()).extracting(ToolCall::id).containsExactly("c1", "c2");
        assertThat(acting.task().steps()).isEqualTo(1);
        assertThat(acting.memory().costUsd()).isEqualTo(TURN_COST);
        AgentEntity.ToolFinished finished = sent(WORKER, AgentEntity.ToolFinished.class);
        assertThat(finished.callId()).isEqualTo("c1");
        assertThat(calls("probe")).isEqualTo(1);
    }

    @Test
    void aFinalModelAnswerFinishesTheTaskAndAnswersTheRun() {
        answers(finalAnswer("12 rows\n```json\n{\"ok\": true, \"rows\": 12}\n```"));
        var kit = kit(WORKER);
        kit.runCommand(task("t1", "count the rows"));
        feed(kit, WORKER, AgentEntity.PermitAnswered.class);
        var result = feed(kit, WORKER, AgentEntity.ModelAnswered.class);
        assertThat(result.events()).hasSize(2);
        assertThat(result.events().get(0)).isInstanceOf(AssistantSaid.class);
        TaskFinished finished = finished(result);
        assertThat(finished.outcome().ok()).isTrue();
        Idle idle = result.stateOfType(Idle.class);
        assertThat(idle.memory().seq()).isEqualTo(2);
        assertThat(idle.memory().outcomeOf("t1")).contains(finished.outcome());
        run.expectMessageClass(StepRequest.class, WAIT);
        TaskAnswer answer = run.expectMessageClass(TaskAnswer.class, WAIT);
        assertThat(answer).isEqualTo(new TaskAnswer(runId, "t1", "worker", finished.outcome()));
    }

    @Test
    void aFullDiskFailsTheRunAndEndsTheTaskWithoutAskingTheModelAgain() {
        for (String tool : List.of("write", "write_reported")) {
            runId = "run-" + UUID.randomUUID().toString().substring(0, 8);
            answers(callsTools(new ToolCall("c1", tool, "{}")));
            var kit = kit(WORKER);
            kit.runCommand(task("t1", "write the report"));
            feed(kit, WORKER, AgentEntity.PermitAnswered.class);
            feed(kit, WORKER, AgentEntity.ModelAnswered.class);
            var result = feed(kit, WORKER, AgentEntity.ToolDiskFull.class);
            assertThat(result.events())
                    .filteredOn(AgentEntity.AgentNoticed.class::isInstance)
                    .extracting(e -> ((AgentEntity.AgentNoticed) e).kind())
                    .containsExactly(AgentEntity.NOTICE_DISK_FULL);
            TaskFinished finished = finished(result);
            assertThat(finished.outcome().ok()).isFalse();
            result.stateOfType(Idle.class);
            run.expectMessageClass(StepRequest.class, WAIT);
            RunFailedBy failed = run.expectMessageClass(RunFailedBy.class, WAIT);
            assertThat(failed.runId()).isEqualTo(runId);
            assertThat(failed.reason())
                    .as(tool)
                    .startsWith("disk full: the artefact store ")
                    .contains(tool + " (agent worker) could not write")
                    .contains("No space left on device");
            assertThat(run.expectMessageClass(TaskAnswer.class, WAIT).outcome().ok())
                    .isFalse();
            // No retry: the model is not asked again and the tool ran once.
            run.expectNoMessage(QUIET);
            assertThat(calls(tool)).isEqualTo(1);
        }
    }

    @Test
    void aModelAnswerToAnEarlierLineIsIgnored() {
        heldAnswer();
        var kit = kit(WORKER);
        kit.runCommand(task("t1", "count the rows"));
        feed(kit, WORKER, AgentEntity.PermitAnswered.class);
        var result = kit.runCommand(new AgentEntity.ModelAnswered(0, 0, finalAnswer("stale"), 1, List.of()));
        assertThat(result.hasNoEvents()).isTrue();
        assertThat(result.state()).isInstanceOf(Thinking.class);
    }

    @Test
    void theModelIsCalledOnceThePermitIsGrantedWithoutWaitingForTheAgentToTakeIt() {
        heldAnswer();
        CompletableFuture<StepPermit> permit = new CompletableFuture<>();
        permits = r -> permit;
        var kit = kit(WORKER);
        kit.runCommand(task("t1", "count the rows"));
        model.expectNoMessage(QUIET);
        permit.complete(new StepPermit.Proceed());
        // The permit's answer is still in the agent's mail, not taken: the call is already on its way.
        assertThat(model.expectMessageClass(LlmRequest.class, WAIT).messages())
                .containsExactly(ChatMessage.user("count the rows"));
        assertThat(feed(kit, WORKER, AgentEntity.PermitAnswered.class).hasNoEvents())
                .isTrue();
    }

    @Test
    void aModelAnswerToAnotherLineWithTheSameNumberIsIgnored() {
        heldAnswer();
        var kit = kit(WORKER);
        kit.runCommand(task("t1", "count the rows"));
        feed(kit, WORKER, AgentEntity.PermitAnswered.class);
        // Line 1 as a lost write had it (a line written again after a restart may differ).
        int otherLine = AgentEntity.lineKey(List.of(ChatMessage.user("count the columns")));
        var stale = kit.runCommand(new AgentEntity.ModelAnswered(1, otherLine, finalAnswer("stale"), 1, List.of()));
        assertThat(stale.hasNoEvents()).isTrue();
        int thisLine = AgentEntity.lineKey(List.of(ChatMessage.user("count the rows")));
        var taken = kit.runCommand(new AgentEntity.ModelAnswered(1, thisLine, finalAnswer("12 rows"), 1, List.of()));
        assertThat(finished(taken).outcome().answer()).isEqualTo("12 rows");
    }

    @Test
    void aModelFailureFinishesTheTaskAsFailedAndAFailureOfAnotherTurnIsIgnored() {
        CompletableFuture<LlmResponse> held = heldAnswer();
        var kit = kit(WORKER);
        kit.runCommand(task("t1", "count the rows"));
        feed(kit, WORKER, AgentEntity.PermitAnswered.class);
        assertThat(kit.runCommand(new AgentEntity.ModelFailed(5, "other turn")).hasNoEvents())
                .isTrue();
        held.completeExceptionally(new RuntimeException("vendor down"));
        var result = feed(kit, WORKER, AgentEntity.ModelFailed.class);
        TaskFinished finished = finished(result);
        assertThat(finished.outcome().ok()).isFalse();
        assertThat(finished.outcome().answer()).contains("vendor down");
        assertThat(result.state()).isInstanceOf(Idle.class);
    }

    @Test
    void aTaskThatTakesTooManyModelTurnsFails() {
        settings = settings(Map.of("svc.agents.max-steps-per-task", 1));
        var kit = workerAfterOneToolCall();
        // One turn taken and the limit reached: instead of asking for another, the task fails.
        var result = feed(kit, WORKER, AgentEntity.ModelFailed.class);
        assertThat(finished(result).outcome().answer()).contains("more than 1 model turns");
    }

    @Test
    void tasksThatArriveWhileWorkingWaitInOrderAndTheSameTaskIsNotTakenTwice() {
        answers(finalAnswer("first"), finalAnswer("second"));
        var kit = kit(WORKER);
        kit.runCommand(task("t1", "first"));
        assertThat(kit.runCommand(task("t2", "second")).hasNoEvents()).isTrue();
        assertThat(kit.runCommand(task("t1", "first")).hasNoEvents()).isTrue();
        feed(kit, WORKER, AgentEntity.PermitAnswered.class);
        var firstDone = feed(kit, WORKER, AgentEntity.ModelAnswered.class);
        assertThat(finished(firstDone).taskId()).isEqualTo("t1");
        var secondStarted = feed(kit, WORKER, AssignTask.class);
        assertThat(secondStarted.eventOfType(TaskStarted.class).seq()).isEqualTo(3);
        feed(kit, WORKER, AgentEntity.PermitAnswered.class);
        var secondDone = feed(kit, WORKER, AgentEntity.ModelAnswered.class);
        assertThat(finished(secondDone).taskId()).isEqualTo("t2");
    }

    // ---- Acting -----------------------------------------------------------------------------

    @Test
    void theHeadCallsResultIsRecordedWithItsFactsAndTheAgentAsksForItsNextStep() {
        var kit = workerAfterOneToolCall();
        List<Event> events = kit.persistenceTestKit().persistedInStorage(persistenceId(WORKER)).stream()
                .map(Event.class::cast)
                .toList();
        ToolAnswered answered = (ToolAnswered) events.get(events.size() - 1);
        assertThat(answered.callId()).isEqualTo("c1");
        assertThat(answered.seq()).isEqualTo(3);
        assertThat(answered.facts()).containsEntry("probe.rows", "seen");
        Thinking thinking = (Thinking) kit.getState();
        assertThat(thinking.task().facts()).containsEntry("probe.rows", "seen");
        run.expectMessageClass(StepRequest.class, WAIT);
        assertThat(run.expectMessageClass(StepRequest.class, WAIT).agentCostUsd())
                .isEqualTo(TURN_COST);
    }

    @Test
    void aResultForACallThatIsNotTheHeadIsIgnored() {
        probeGate = new CountDownLatch(1);
        answers(callsTools(call("c1", "rows"), call("c2", "cols")));
        var kit = kit(WORKER);
        kit.runCommand(task("t1", "count"));
        feed(kit, WORKER, AgentEntity.PermitAnswered.class);
        feed(kit, WORKER, AgentEntity.ModelAnswered.class);
        var result = kit.runCommand(new AgentEntity.ToolFinished("c2", ToolResult.error("early"), 1));
        assertThat(result.hasNoEvents()).isTrue();
        assertThat(result.stateOfType(Acting.class).pending()).hasSize(2);
    }

    @Test
    void aCallToAToolTheAgentDoesNotHaveIsAnsweredWithAnError() {
        answers(callsTools(new ToolCall("c1", "drop_tables", "{}")));
        var kit = kit(WORKER);
        kit.runCommand(task("t1", "count"));
        feed(kit, WORKER, AgentEntity.PermitAnswered.class);
        feed(kit, WORKER, AgentEntity.ModelAnswered.class);
        var result = feed(kit, WORKER, AgentEntity.ToolFinished.class);
        ToolAnswered answered = result.eventOfType(ToolAnswered.class);
        assertThat(answered.isError()).isTrue();
        assertThat(answered.content()).contains("drop_tables is not one of your tools");
    }

    @Test
    void anAskVerdictAsksTheRunForApprovalAndRunsTheCallOnceApproved() {
        CompletableFuture<StepPermit> decision = new CompletableFuture<>();
        approvals = r -> decision;
        answers(callsTools(new ToolCall("c1", "guarded", "{}")));
        var kit = kit(WORKER);
        kit.runCommand(task("t1", "do the guarded thing"));
        feed(kit, WORKER, AgentEntity.PermitAnswered.class);
        feed(kit, WORKER, AgentEntity.ModelAnswered.class);
        var asked = feed(kit, WORKER, AgentEntity.ToolNeedsApproval.class);
        assertThat(asked.hasNoEvents()).isTrue();
        run.expectMessageClass(StepRequest.class, WAIT);
        ToolApprovalRequest request = run.expectMessageClass(ToolApprovalRequest.class, WAIT);
        assertThat(request)
                .isEqualTo(new ToolApprovalRequest(runId, "worker", "guarded", "c1", "profile: a person decides"));
        assertThat(calls("guarded")).isZero();

        decision.complete(new StepPermit.Proceed());
        assertThat(feed(kit, WORKER, AgentEntity.ApprovalAnswered.class).hasNoEvents())
                .isTrue();
        var result = feed(kit, WORKER, AgentEntity.ToolFinished.class);
        assertThat(result.eventOfType(ToolAnswered.class).isError()).isFalse();
        assertThat(calls("guarded")).isEqualTo(1);
    }

    @Test
    void aRejectedApprovalAnswersTheCallAndOneThatEndsTheTaskStopsIt() {
        approvals = r -> CompletableFuture.completedFuture(new StepPermit.Refuse("rejected by ops", false));
        answers(callsTools(new ToolCall("c1", "guarded", "{}"), new ToolCall("c2", "guarded", "{}")));
        var kit = kit(WORKER);
        kit.runCommand(task("t1", "do the guarded things"));
        feed(kit, WORKER, AgentEntity.PermitAnswered.class);
        feed(kit, WORKER, AgentEntity.ModelAnswered.class);
        feed(kit, WORKER, AgentEntity.ToolNeedsApproval.class);
        var rejected = feed(kit, WORKER, AgentEntity.ApprovalAnswered.class);
        assertThat(rejected.eventOfType(ToolAnswered.class).content()).contains("not approved: rejected by ops");

        approvals = r -> CompletableFuture.completedFuture(new StepPermit.Refuse("the run failed", true));
        feed(kit, WORKER, AgentEntity.ToolNeedsApproval.class);
        var stopped = feed(kit, WORKER, AgentEntity.ApprovalAnswered.class);
        assertThat(finished(stopped).outcome().answer()).contains("the run failed");
        assertThat(stopped.state()).isInstanceOf(Idle.class);
        assertThat(calls("guarded")).isZero();
    }

    @Test
    void aLostApprovalIsAskedForAgain() {
        approvals = r -> CompletableFuture.failedFuture(new RuntimeException("ask timed out"));
        answers(callsTools(new ToolCall("c1", "guarded", "{}")));
        var kit = kit(WORKER);
        kit.runCommand(task("t1", "do the guarded thing"));
        feed(kit, WORKER, AgentEntity.PermitAnswered.class);
        feed(kit, WORKER, AgentEntity.ModelAnswered.class);
        feed(kit, WORKER, AgentEntity.ToolNeedsApproval.class);
        approvals = r -> new CompletableFuture<>();
        assertThat(feed(kit, WORKER, AgentEntity.ApprovalLost.class).hasNoEvents())
                .isTrue();
        // Asking again goes through the permission check again, which asks for the approval again.
        feed(kit, WORKER, AgentEntity.ToolNeedsApproval.class);
        run.expectMessageClass(StepRequest.class, WAIT);
        run.expectMessageClass(ToolApprovalRequest.class, WAIT);
        run.expectMessageClass(ToolApprovalRequest.class, WAIT);
    }

    @Test
    void aDelegationPreparesTheDelegateAsksForAPermitThenSendsTheTask() {
        answers(callsTools(delegation("d1", "profile the data")));
        var kit = kit(LEAD);
        kit.runCommand(task("t1", "prepare the data"));
        feed(kit, LEAD, AgentEntity.PermitAnswered.class);
        var said = feed(kit, LEAD, AgentEntity.ModelAnswered.class);
        assertThat(said.stateOfType(Acting.class).head().id()).isEqualTo("d1");
        // The AGENT_DELEGATE hooks (none here) let it go on.
        sent(WORKER, AgentEntity.Prepare.class);
        run.expectMessageClass(StepRequest.class, WAIT);
        assertThat(run.expectMessageClass(StepRequest.class, WAIT).delegation()).isTrue();
        assertThat(feed(kit, LEAD, AgentEntity.PermitAnswered.class).hasNoEvents())
                .isTrue();
        AssignTask assigned = sent(WORKER, AssignTask.class);
        assertThat(assigned.taskId()).isEqualTo("lead/d1");
        assertThat(assigned.requester()).isEqualTo(Requester.agent("lead", "d1"));
        assertThat(assigned.text()).isEqualTo("profile the data");
        assertThat(assigned.depth()).isEqualTo(1);
        // The chain starts with the agent that began it (its task came from the run), then the hand-off.
        assertThat(assigned.chain()).hasSize(2).first().isEqualTo("lead#");
        assertThat(assigned.chain().get(1)).startsWith("worker#");

        // The delegate's answer is the call's result.
        var answered = kit.runCommand(new AgentEntity.DelegationAnswered(
                "d1", new TaskOutcome(true, "profiled", Map.of("dataset.rows", 12))));
        ToolAnswered result = answered.eventOfType(ToolAnswered.class);
        assertThat(result.tool()).isEqualTo("transfer_to_worker");
        assertThat(result.content()).isEqualTo("profiled");
        assertThat(answered.stateOfType(Thinking.class).task().facts()).containsEntry("dataset.rows", 12);
    }

    @Test
    void anOverdueDelegationIsSentAgainAndALateAnswerForAnotherCallIsIgnored() {
        answers(callsTools(delegation("d1", "profile the data")));
        var kit = kit(LEAD);
        kit.runCommand(task("t1", "prepare the data"));
        feed(kit, LEAD, AgentEntity.PermitAnswered.class);
        feed(kit, LEAD, AgentEntity.ModelAnswered.class);
        // The AGENT_DELEGATE hooks (none here) let it go on.
        sent(WORKER, AgentEntity.Prepare.class);
        feed(kit, LEAD, AgentEntity.PermitAnswered.class);
        AssignTask first = sent(WORKER, AssignTask.class);
        assertThat(kit.runCommand(new AgentEntity.DelegationOverdue("d1")).hasNoEvents())
                .isTrue();
        assertThat(sent(WORKER, AssignTask.class)).isEqualTo(first);
        var other = kit.runCommand(new AgentEntity.DelegationAnswered("d0", new TaskOutcome(true, "x", Map.of())));
        assertThat(other.hasNoEvents()).isTrue();
    }

    @Test
    void aDelegationTheRunRefusesForItsLimitFailsTheCallAndTheTaskGoesOn() {
        answers(callsTools(delegation("d1", "profile the data")));
        var kit = kit(LEAD);
        permits = r -> CompletableFuture.completedFuture(
                r.delegation() ? new StepPermit.Refuse("more than 50 delegations", false) : new StepPermit.Proceed());
        kit.runCommand(task("t1", "prepare the data"));
        feed(kit, LEAD, AgentEntity.PermitAnswered.class);
        feed(kit, LEAD, AgentEntity.ModelAnswered.class);
        // The AGENT_DELEGATE hooks (none here) let it go on.
        sent(WORKER, AgentEntity.Prepare.class);
        var refused = feed(kit, LEAD, AgentEntity.PermitAnswered.class);
        ToolAnswered answered = refused.eventOfType(ToolAnswered.class);
        assertThat(answered.isError()).isTrue();
        assertThat(answered.content()).contains("delegation refused: more than 50 delegations");
        assertThat(refused.state()).isInstanceOf(Thinking.class);
    }

    @Test
    void aDelegationTheAgentDelegateHooksRefuseFailsTheCallWithoutPreparingTheDelegate() {
        delegationRefusal = "blocked by hook settings:hooks#AGENT_DELEGATE[0]: not today";
        answers(callsTools(delegation("d1", "profile the data")));
        var kit = kit(LEAD);
        kit.runCommand(task("t1", "prepare the data"));
        feed(kit, LEAD, AgentEntity.PermitAnswered.class);
        feed(kit, LEAD, AgentEntity.ModelAnswered.class);
        var refused = feed(kit, LEAD, AgentEntity.ToolFinished.class);
        ToolAnswered answered = refused.eventOfType(ToolAnswered.class);
        assertThat(answered.isError()).isTrue();
        assertThat(answered.tool()).isEqualTo("transfer_to_worker");
        assertThat(answered.content()).contains(delegationRefusal);
        assertThat(refused.state()).isInstanceOf(Thinking.class);
    }

    @Test
    void aDelegationPastTheDepthLimitIsRefusedWithoutAskingTheRun() {
        answers(callsTools(delegation("d1", "profile the data")));
        var kit = kit(LEAD);
        kit.runCommand(
                new AssignTask("t1", Requester.agent("boss", "b1"), "deep", 5, List.of("a", "b", "c", "d", "e")));
        feed(kit, LEAD, AgentEntity.PermitAnswered.class);
        feed(kit, LEAD, AgentEntity.ModelAnswered.class);
        var refused = feed(kit, LEAD, AgentEntity.ToolFinished.class);
        assertThat(refused.eventOfType(ToolAnswered.class).content()).contains("delegation depth limit reached (5)");
        run.expectMessageClass(StepRequest.class, WAIT);
        // The next request is the one for the next model turn, not for a delegation.
        assertThat(run.expectMessageClass(StepRequest.class, WAIT).delegation()).isFalse();
    }

    @Test
    void aTaskFromAnotherAgentIsAnsweredToThatAgent() {
        answers(finalAnswer("profiled"));
        var kit = kit(WORKER);
        kit.runCommand(new AssignTask("lead/d1", Requester.agent("lead", "d1"), "profile", 1, List.of("worker#1")));
        feed(kit, WORKER, AgentEntity.PermitAnswered.class);
        feed(kit, WORKER, AgentEntity.ModelAnswered.class);
        AgentEntity.DelegationAnswered answer = sent(LEAD, AgentEntity.DelegationAnswered.class);
        assertThat(answer.callId()).isEqualTo("d1");
        assertThat(answer.outcome().answer()).isEqualTo("profiled");
    }

    // ---- every command in every phase ---------------------------------------------------------

    @Test
    void everyCommandIsTakenInEveryPhaseWithoutFailing() {
        // Java 17 has no exhaustive switch over a sealed type: this keeps every command in view.
        assertThat(Command.class.getPermittedSubclasses())
                .hasSize(staleAnswers().size() + 3);
        probeGate = new CountDownLatch(1);
        answers(callsTools(call("c1", "rows")));
        var kit = kit(WORKER);
        List<Class<? extends State>> seen = new ArrayList<>();
        seen.add(kit.getState().getClass());
        kit.runCommand(task("t1", "count"));
        seen.add(kit.getState().getClass());
        for (Command c : staleAnswers()) {
            assertThat(kit.runCommand(c).hasNoEvents()).as("Thinking: %s", c).isTrue();
        }
        feed(kit, WORKER, AgentEntity.PermitAnswered.class);
        feed(kit, WORKER, AgentEntity.ModelAnswered.class);
        seen.add(kit.getState().getClass());
        for (Command c : staleAnswers()) {
            assertThat(kit.runCommand(c).hasNoEvents()).as("Acting: %s", c).isTrue();
        }
        assertThat(kit.runCommand(AgentEntity.Prepare.INSTANCE).hasNoEvents()).isTrue();
        assertThat(seen).containsExactly(Idle.class, Thinking.class, Acting.class);
        assertThat(kit.getState()).isInstanceOf(Acting.class);
    }

    // ---- events folded --------------------------------------------------------------------

    @Test
    void eachEventFoldsIntoItsPhase() {
        var kit = kit(WORKER);
        Instant t = Instant.parse("2026-01-01T00:00:00Z");
        ToolCall c1 = call("c1", "rows");
        ToolCall c2 = call("c2", "cols");
        kit.initialize(
                new TaskStarted("t1", Requester.run(), "count", 0, List.of(), 1, t),
                new AssistantSaid("t1", "", List.of(c1, c2), "scripted", USAGE, 0.5, 3, 2, t),
                new ToolAnswered("t1", "c1", "probe", "{}", false, Map.of("a", 1), 4, 3, t));
        Acting acting = (Acting) kit.getState();
        assertThat(acting.pending()).containsExactly(c2);
        assertThat(acting.task().facts()).containsEntry("a", 1);
        assertThat(acting.task().steps()).isEqualTo(1);
        assertThat(acting.memory().seq()).isEqualTo(3);
        assertThat(acting.memory().costUsd()).isEqualTo(0.5);
        assertThat(acting.memory().conversation().asList())
                .containsExactly(
                        ChatMessage.user("count"),
                        ChatMessage.assistant("", List.of(c1, c2)),
                        ChatMessage.toolResult("c1", "{}", false));

        kit.initialize(
                new TaskStarted("t1", Requester.run(), "count", 0, List.of(), 1, t),
                new AssistantSaid("t1", "", List.of(c1), "scripted", USAGE, 0.5, 3, 2, t),
                new ToolAnswered("t1", "c1", "probe", "{}", false, Map.of(), 4, 3, t));
        assertThat(kit.getState()).isInstanceOf(Thinking.class);

        TaskOutcome outcome = new TaskOutcome(true, "done", Map.of());
        kit.initialize(
                new TaskStarted("t1", Requester.run(), "count", 0, List.of(), 1, t),
                new AssistantSaid("t1", "done", List.of(), "scripted", USAGE, 0.5, 3, 2, t),
                new TaskFinished("t1", outcome, t));
        Idle idle = (Idle) kit.getState();
        assertThat(idle.memory().outcomeOf("t1")).contains(outcome);
        assertThat(idle.memory().conversation().size()).isEqualTo(2);
    }

    // ---- recovery, and answers that outlive an incarnation ------------------------------------

    @Test
    void recoveryRebuildsTheStateAndRunsACallThatHasNoResultAgain() {
        probeGate = new CountDownLatch(1);
        answers(callsTools(call("c1", "rows")));
        var kit = kit(WORKER);
        kit.runCommand(task("t1", "count"));
        feed(kit, WORKER, AgentEntity.PermitAnswered.class);
        State before = feed(kit, WORKER, AgentEntity.ModelAnswered.class).state();

        var restarted = kit.restart();
        assertThat(restarted.state()).isEqualTo(before);
        probeGate.countDown();
        // The first incarnation's run and the new one's: the call had no recorded result.
        AgentEntity.ToolFinished first = sent(WORKER, AgentEntity.ToolFinished.class);
        AgentEntity.ToolFinished second = sent(WORKER, AgentEntity.ToolFinished.class);
        assertThat(calls("probe")).isEqualTo(2);
        // Whichever comes first is recorded; the other is ignored.
        assertThat(kit.runCommand(first).eventOfType(ToolAnswered.class).callId())
                .isEqualTo("c1");
        assertThat(kit.runCommand(second).hasNoEvents()).isTrue();
    }

    @Test
    void aModelAnswerThatArrivesAfterARestartIsTaken() {
        CompletableFuture<LlmResponse> held = heldAnswer();
        var kit = kit(WORKER);
        kit.runCommand(task("t1", "count"));
        feed(kit, WORKER, AgentEntity.PermitAnswered.class);
        model.expectMessageClass(LlmRequest.class, WAIT);

        permits = r -> new CompletableFuture<>();
        kit.restart();
        // The new incarnation asks for its permit again; meanwhile the old call answers.
        held.complete(finalAnswer("done"));
        var result = feed(kit, WORKER, AgentEntity.ModelAnswered.class);
        assertThat(finished(result).outcome().answer()).isEqualTo("done");
        assertThat(result.state()).isInstanceOf(Idle.class);
    }

    @Test
    void aDelegatesAnswerThatArrivesAfterARestartIsTaken() {
        answers(callsTools(delegation("d1", "profile the data")));
        var kit = kit(LEAD);
        kit.runCommand(task("t1", "prepare the data"));
        feed(kit, LEAD, AgentEntity.PermitAnswered.class);
        feed(kit, LEAD, AgentEntity.ModelAnswered.class);
        permits = r -> new CompletableFuture<>();
        kit.restart();
        var result =
                kit.runCommand(new AgentEntity.DelegationAnswered("d1", new TaskOutcome(true, "profiled", Map.of())));
        assertThat(result.eventOfType(ToolAnswered.class).content()).isEqualTo("profiled");
    }

    @Test
    void snapshotsAreTakenAndRecoveryStartsFromThem() {
        int every = settings.agentSnapshotEvery();
        int n = every + 20;
        ToolCall[] many = new ToolCall[n];
        for (int i = 0; i < n; i++) {
            many[i] = call("c" + i, "q" + i);
        }
        answers(callsTools(many));
        var kit = kit(WORKER);
        kit.runCommand(task("t1", "ask many questions"));
        feed(kit, WORKER, AgentEntity.PermitAnswered.class);
        feed(kit, WORKER, AgentEntity.ModelAnswered.class);
        permits = r -> new CompletableFuture<>();
        for (int i = 0; i < n; i++) {
            feed(kit, WORKER, AgentEntity.ToolFinished.class);
        }
        // Journal entries 1 (task), 2 (the turn), 3..100 (results): the snapshot at 100 is the
        // state with 98 results in, serialized and read back by the snapshot store.
        Acting snapshot =
                kit.snapshotTestKit().orElseThrow().expectNextPersistedClass(persistenceId(WORKER), Acting.class);
        assertThat(snapshot.memory().seq()).isEqualTo(every);
        assertThat(snapshot.pending()).hasSize(n - (every - 2));

        State before = kit.getState();
        assertThat(kit.restart().state()).isEqualTo(before);
        Thinking after = (Thinking) kit.getState();
        assertThat(after.memory().conversation().size()).isEqualTo(n + 2);
        assertThat(after.task().facts()).hasSize(n);
    }

    @Test
    void aLongConversationRecoversInTimeLinearInItsLength() {
        var kit = kit(WORKER);
        // Warm up the code paths, then measure a tenth of the length and the whole.
        recover(kit, 500);
        long small = Long.MAX_VALUE;
        long large = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            small = Math.min(small, recover(kit, 500));
            large = Math.min(large, recover(kit, 5000));
        }
        Idle idle = (Idle) kit.getState();
        // With snapshots, recovery reads the latest one (at most svc.agents.snapshot-every events behind).
        long snapshotRead = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            long started = System.nanoTime();
            assertThat(roundTrip(idle)).isEqualTo(idle);
            snapshotRead = Math.min(snapshotRead, System.nanoTime() - started);
        }
        System.out.printf(
                "AgentEntity recovery: from the journal, 500 messages %.1f ms, 5000 messages %.1f ms;"
                        + " a 5000-message snapshot written and read back %.1f ms%n",
                small / 1e6, large / 1e6, snapshotRead / 1e6);
        assertThat(idle.memory().conversation().size()).isEqualTo(5000);
        // Work, not time, is the proof: rebuilding n lines copied fewer than 2n of them (copying the
        // conversation on each event, as before, copies n²/2: 12.5 million here).
        assertThat(idle.memory().conversation().copiedElements()).isLessThan(2L * 5000);
        // And time with room for a loaded machine: quadratic work would be about 100 times slower.
        assertThat(large).isLessThan(20 * small + TimeUnit.SECONDS.toNanos(1));
    }

    /** Writes a journal of {@code messages} lines (tasks of four lines each), recovers, returns the nanoseconds. */
    private long recover(EventSourcedBehaviorTestKit<Command, Event, State> kit, int messages) {
        Instant t = Instant.parse("2026-01-01T00:00:00Z");
        List<Event> events = new ArrayList<>();
        long seq = 0;
        for (int task = 0; seq < messages; task++) {
            String id = "t" + task;
            ToolCall c = call("c" + task, "q");
            events.add(new TaskStarted(id, Requester.run(), "task " + task, 0, List.of(), ++seq, t));
            events.add(new AssistantSaid(id, "", List.of(c), "scripted", USAGE, 0.01, 1, ++seq, t));
            events.add(new ToolAnswered(id, c.id(), "probe", "{\"rows\":12}", false, Map.of(), 1, ++seq, t));
            events.add(new AssistantSaid(id, "done " + task, List.of(), "scripted", USAGE, 0.01, 1, ++seq, t));
            events.add(new TaskFinished(id, new TaskOutcome(true, "done " + task, Map.of()), t));
        }
        kit.initialize(events.toArray());
        long started = System.nanoTime();
        kit.restart();
        return System.nanoTime() - started;
    }

    @Test
    void everyPhaseSurvivesTheSnapshotSerializerWithFactsOfEachKind() throws Exception {
        Config config = testKit.system().settings().config();
        assertThat(config.getString("pekko.actor.serialization-bindings.\"svc.core.CborSerializable\""))
                .isEqualTo("jackson-cbor");
        Instant t = Instant.parse("2026-01-01T00:00:00Z");
        ToolCall c1 = call("c1", "rows");
        var kit = kit(WORKER);
        kit.initialize(
                new TaskStarted("t1", Requester.agent("lead", "d1"), "count", 1, List.of("worker#1"), 1, t),
                new AssistantSaid("t1", "", List.of(c1, call("c2", "x")), "scripted", USAGE, 0.5, 3, 2, t),
                new ToolAnswered("t1", "c1", "probe", "{}", false, Map.of("n", 1, "s", "x", "b", true), 4, 3, t));
        assertThat(roundTrip(kit.getState())).isEqualTo(kit.getState()).isInstanceOf(Acting.class);
        kit.initialize(
                new TaskStarted("t1", Requester.run(), "count", 0, List.of(), 1, t),
                new AssistantSaid("t1", "done", List.of(), "scripted", USAGE, 0.5, 3, 2, t),
                new TaskFinished("t1", new TaskOutcome(true, "done", Map.of("d", 0.25)), t),
                new TaskStarted("t2", Requester.run(), "again", 0, List.of(), 3, t));
        assertThat(roundTrip(kit.getState())).isEqualTo(kit.getState()).isInstanceOf(Thinking.class);
        Idle idle = new Idle(((Thinking) kit.getState()).memory());
        assertThat(roundTrip(idle)).isEqualTo(idle);
    }

    /** Through the serializer Pekko uses for snapshots and remote messages, and back. */
    private static Object roundTrip(Object value) {
        Serialization serialization = SerializationExtension.get(Adapter.toClassic(testKit.system()));
        Serializer serializer = serialization.findSerializerFor(value);
        byte[] bytes = serialization.serialize(value).get();
        return serialization
                .deserialize(bytes, serializer.identifier(), Serializers.manifestFor(serializer, value))
                .get();
    }
}
