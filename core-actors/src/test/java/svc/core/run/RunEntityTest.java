package svc.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.persistence.testkit.javadsl.EventSourcedBehaviorTestKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import svc.core.CoreSettings;
import svc.core.task.AdmissionPort;
import svc.core.task.AgentPort;
import svc.core.task.LiveFeed;
import svc.core.task.StepPermit;
import svc.core.task.StepRequest;
import svc.core.task.TaskAnswer;
import svc.core.task.TaskAssignment;
import svc.core.task.TaskOutcome;
import svc.core.task.ToolApprovalRequest;
import svc.core.telemetry.Tracing;
import svc.library.roster.Team;
import svc.library.workflow.Edge;
import svc.library.workflow.GateType;
import svc.library.workflow.Node;
import svc.library.workflow.Workflow;

/**
 * The run entity alone, through its ports: each command in each state (replies, events, the
 * state after), each event folded, serialization of commands and events checked, recovery.
 * The ports send what the run asks of admission and of its agents to test probes.
 */
class RunEntityTest {

    static final ActorTestKit testKit = ActorTestKit.create(
            "run-entity-test",
            ConfigFactory.parseString("pekko.actor.provider = local")
                    .withFallback(EventSourcedBehaviorTestKit.config())
                    .withFallback(ConfigFactory.load()));

    static final Instant T = Instant.parse("2026-01-01T00:00:00Z");
    static final Duration QUIET = Duration.ofMillis(300);
    static final String DIRECTOR = "director";

    /** prep → research (r1 and r2 side by side, merged by the coordinator) → review (checkpoint) → ship. */
    static final Workflow WORKFLOW = new Workflow(
            "test",
            "a stage, a parallel stage, a checkpoint, a last stage",
            "prep",
            List.of(
                    new Node.Stage("prep", Team.DATA, "prepare", List.of()),
                    new Node.Stage("research", Team.ALGORITHM, "compare", List.of("r1", "r2")),
                    new Node.Checkpoint("review", GateType.DEPLOY, 3600L, 60L, List.of("email")),
                    new Node.Stage("ship", Team.DEPLOYMENT, "ship it", List.of())),
            List.of(
                    new Edge("prep", "research", 0, Map.of()),
                    new Edge("research", "review", 0, Map.of()),
                    new Edge("review", "ship", 0, Map.of())));

    static final double BUDGET_USD = 1.0;
    static final int MAX_DELEGATIONS = 2;

    static final CoreSettings SETTINGS = CoreSettings.fromConfig(ConfigFactory.parseMap(Map.of(
                    "svc.home",
                            Path.of(System.getProperty("java.io.tmpdir"), "run-entity-test")
                                    .toString(),
                    "svc.budget-per-pipeline-usd", BUDGET_USD,
                    "svc.agents.max-delegations-per-run", MAX_DELEGATIONS))
            .withFallback(ConfigFactory.load()));

    /** What the run told the admission queue, spelled {@code enqueue:resuming}, {@code claim}, {@code release}. */
    TestProbe<String> admission;

    TestProbe<TaskAssignment> agents;
    TestProbe<RunEntity.Event> published;
    String runId;
    EventSourcedBehaviorTestKit<RunEntity.Command, RunEntity.Event, RunEntity.State> kit;

    @BeforeEach
    void newRun() {
        admission = testKit.createTestProbe();
        agents = testKit.createTestProbe();
        published = testKit.createTestProbe();
        runId = "run-" + UUID.randomUUID().toString().substring(0, 8);
        kit = EventSourcedBehaviorTestKit.create(
                testKit.system(),
                RunEntity.create(runId, runtime()),
                EventSourcedBehaviorTestKit.enabledSerializationSettings()
                        // Only a finished run is ever stored, as a RunSnapshot (the snapshot test below restarts from
                        // one).
                        .withVerifyState(false));
    }

    @AfterAll
    static void shutdown() {
        testKit.shutdownTestKit();
    }

    RunRuntime runtime() {
        ActorRef<String> admissionRef = admission.ref();
        AdmissionPort admissionPort = new AdmissionPort() {
            @Override
            public void enqueue(String id, Instant createdAt, boolean resuming) {
                admissionRef.tell("enqueue:" + resuming);
            }

            @Override
            public void claim(String id) {
                admissionRef.tell("claim");
            }

            @Override
            public void release(String id) {
                admissionRef.tell("release");
            }
        };
        ActorRef<TaskAssignment> agentRef = agents.ref();
        AgentPort agentPort = agentRef::tell;
        ActorRef<RunEntity.Event> publishedRef = published.ref();
        LiveFeed<RunEntity.Event> feed = (id, source, seqNr, event) -> publishedRef.tell(event);
        return new RunRuntime(
                SETTINGS, admissionPort, agentPort, feed, DIRECTOR, team -> team + "-coordinator", Tracing.NOOP);
    }

    // ---- histories: the events that lead to each state ------------------------------------

    RunSpec spec() {
        return new RunSpec(
                runId, "predict y", "/data.csv", "y", List.of(), "test", "default", null, "tester", null, null);
    }

    String checkpointGateId() {
        return runId + "-review-1";
    }

    String toolGateId() {
        return runId + "-prep-deploy_model-1";
    }

    List<RunEntity.Event> created() {
        return List.of(new RunEntity.RunCreated(spec(), WorkflowCodec.toJson(WORKFLOW), T));
    }

    List<RunEntity.Event> running() {
        return plus(created(), new RunEntity.RunAdmitted(T), new RunEntity.NodeEntered("prep", 1, null, "", T));
    }

    List<RunEntity.Event> atCheckpoint() {
        TaskOutcome ok = new TaskOutcome(true, "done", Map.of("k", "v"));
        Gate gate = Gate.checkpoint(checkpointGateId(), runId, "review", "deploy", T, 3600L, 60L, List.of("email"));
        return plus(
                running(),
                new RunEntity.StageCompleted("prep", 1, "done", Map.of("k", "v"), T),
                new RunEntity.NodeEntered("research", 1, "prep->research", "", T),
                new RunEntity.ResearchAnswered("research", "r1", ok, T),
                new RunEntity.ResearchAnswered("research", "r2", ok, T),
                new RunEntity.StageCompleted("research", 1, "merged", Map.of(), T),
                new RunEntity.NodeEntered("review", 1, "research->review", "", T),
                new RunEntity.GateOpened(gate, T));
    }

    List<RunEntity.Event> atToolGate() {
        Gate gate = Gate.forTool(toolGateId(), runId, "prep", "deploy", T, "deploy_model", "worker");
        return plus(running(), new RunEntity.GateOpened(gate, T));
    }

    List<RunEntity.Event> queuedAfterToolGate() {
        return plus(atToolGate(), new RunEntity.GateDecided(toolGateId(), true, "ops", "fine", T));
    }

    List<RunEntity.Event> queuedAfterCheckpoint() {
        return plus(atCheckpoint(), new RunEntity.GateDecided(checkpointGateId(), true, "ops", "fine", T));
    }

    List<RunEntity.Event> paused() {
        return plus(
                running(),
                new RunEntity.CostUpdated("worker", 2.0, "m", "scripted", T),
                new RunEntity.DelegationCounted("worker", T),
                new RunEntity.RunPaused("over budget", T));
    }

    List<RunEntity.Event> cancelled() {
        return plus(created(), new RunEntity.RunCancelled("ops", T));
    }

    List<RunEntity.Event> succeeded() {
        return plus(running(), new RunEntity.RunSucceeded(T));
    }

    List<RunEntity.Event> failed() {
        return plus(
                atCheckpoint(),
                new RunEntity.GateEscalated(checkpointGateId(), T),
                new RunEntity.GateExpired(checkpointGateId(), T),
                new RunEntity.RunFailed("expired", T));
    }

    /** Each state, by the history that leads to it. */
    Map<String, List<RunEntity.Event>> histories() {
        Map<String, List<RunEntity.Event>> m = new LinkedHashMap<>();
        m.put("empty", List.of());
        m.put("queued", created());
        m.put("running", running());
        m.put("waiting at a checkpoint", atCheckpoint());
        m.put("waiting at a tool gate", atToolGate());
        m.put("queued after a tool gate", queuedAfterToolGate());
        m.put("queued after a checkpoint", queuedAfterCheckpoint());
        m.put("paused", paused());
        m.put("cancelled", cancelled());
        m.put("succeeded", succeeded());
        m.put("failed", failed());
        m.put("resumed", plus(paused(), new RunEntity.RunResumed("ops", T)));
        m.put(
                "succeeded and pruned",
                plus(succeeded(), new RunEntity.RunPruned(List.of(note("conversations")), false, T)));
        return m;
    }

    static List<RunEntity.Event> plus(List<RunEntity.Event> before, RunEntity.Event... more) {
        List<RunEntity.Event> all = new ArrayList<>(before);
        all.addAll(Arrays.asList(more));
        return List.copyOf(all);
    }

    void given(List<RunEntity.Event> history) {
        if (history.isEmpty()) {
            kit.clear();
        } else {
            kit.initialize(history.toArray());
        }
    }

    // ---- every event, every state ---------------------------------------------------------

    @Test
    void everyEventFoldsToTheStateTheOneRuleNames() {
        Set<Class<?>> seen = new HashSet<>();
        histories().forEach((name, history) -> {
            given(history);
            RunState expected = null;
            for (RunEntity.Event e : history) {
                expected = RunState.after(expected, e);
                seen.add(e.getClass());
            }
            RunEntity.State state = kit.getState();
            if (expected == null) {
                assertThat(state).as(name).isEqualTo(RunEntity.Empty.INSTANCE);
            } else {
                assertThat(((RunEntity.Existing) state).runState()).as(name).isEqualTo(expected);
            }
        });
        assertThat(seen).containsExactlyInAnyOrder(RunEntity.Event.class.getPermittedSubclasses());
    }

    /**
     * Every permitted command in every state: the entity survives it, a caller always gets an
     * answer, and an agent gets one at once or, if the run parks it, when the run is cancelled.
     */
    @Test
    void everyCommandIsAnsweredInEveryState() {
        Map<Class<?>, Function<Probes, RunEntity.Command>> commands = commandSamples();
        assertThat(commands.keySet())
                .containsExactlyInAnyOrderElementsOf(Arrays.stream(RunEntity.Command.class.getPermittedSubclasses())
                        .flatMap(c -> c.isInterface()
                                ? Arrays.stream(c.getPermittedSubclasses())
                                : Arrays.stream(new Class<?>[] {c}))
                        .collect(Collectors.toSet()));
        histories()
                .keySet()
                .forEach(name -> commands.forEach((type, make) -> {
                    newRun();
                    given(histories().get(name));
                    Probes probes = new Probes(testKit.createTestProbe(), testKit.createTestProbe());
                    kit.runCommand(make.apply(probes));
                    String what = type.getSimpleName() + " when " + name;
                    assertThat(kit.getState()).as(what).isNotNull();
                    if (RunEntity.AgentRequest.class.isAssignableFrom(type)) {
                        if (kit.getState() instanceof RunEntity.Existing live
                                && !live.runState().isFinished()) {
                            kit.<RunEntity.Reply>runCommand(r -> new RunEntity.Cancel("ops", r));
                        }
                        assertThat(probes.permit().receiveMessage()).as(what).isNotNull();
                    } else if (hasReplyTo(type)) {
                        assertThat(probes.reply().receiveMessage()).as(what).isNotNull();
                    }
                }));
    }

    record Probes(TestProbe<RunEntity.Reply> reply, TestProbe<StepPermit> permit) {}

    static boolean hasReplyTo(Class<?> type) {
        return Arrays.stream(type.getRecordComponents())
                .anyMatch(c -> c.getName().equals("replyTo"));
    }

    Map<Class<?>, Function<Probes, RunEntity.Command>> commandSamples() {
        Map<Class<?>, Function<Probes, RunEntity.Command>> m = new LinkedHashMap<>();
        m.put(
                RunEntity.Create.class,
                p -> new RunEntity.Create(
                        spec(), WorkflowCodec.toJson(WORKFLOW), p.reply().ref()));
        m.put(RunEntity.Admit.class, p -> new RunEntity.Admit());
        m.put(RunEntity.Fail.class, p -> new RunEntity.Fail("disk full: the artefact store has no space left"));
        m.put(RunEntity.Wake.class, p -> new RunEntity.Wake());
        m.put(RunEntity.Get.class, p -> new RunEntity.Get(p.reply().ref()));
        m.put(RunEntity.Cancel.class, p -> new RunEntity.Cancel("ops", p.reply().ref()));
        m.put(RunEntity.Resume.class, p -> new RunEntity.Resume("ops", p.reply().ref()));
        m.put(
                RunEntity.Decide.class,
                p -> new RunEntity.Decide(
                        checkpointGateId(), true, "ops", "fine", p.reply().ref()));
        m.put(RunEntity.EscalateGate.class, p -> new RunEntity.EscalateGate(checkpointGateId(), T));
        m.put(RunEntity.ExpireGate.class, p -> new RunEntity.ExpireGate(checkpointGateId()));
        m.put(
                RunEntity.NotePruned.class,
                p -> new RunEntity.NotePruned(
                        List.of(note("audit_pdfs")), false, T, p.reply().ref()));
        m.put(
                RunEntity.TaskAnswered.class,
                p -> new RunEntity.TaskAnswered(
                        new TaskAnswer(runId, "run/prep/1", DIRECTOR, new TaskOutcome(true, "done", Map.of()))));
        m.put(
                RunEntity.RequestToolApproval.class,
                p -> new RunEntity.RequestToolApproval(
                        toolRequest("worker"), p.permit().ref()));
        m.put(
                RunEntity.RequestStep.class,
                p -> new RunEntity.RequestStep(
                        new StepRequest(runId, "worker", 0.1, false, "m", "scripted"),
                        p.permit().ref()));
        return m;
    }

    ToolApprovalRequest toolRequest(String agent) {
        return new ToolApprovalRequest(runId, agent, "deploy_model", "call-1", "a person confirms");
    }

    // ---- the lifecycle, command by command ------------------------------------------------

    @Test
    void anAgentsFailFailsALiveRunWithItsReasonAndLeavesAQueuedOrFinishedOneAlone() {
        String reason = "disk full: the artefact store /runs has no space left; train_model could not write";
        for (String live : List.of("running", "waiting at a tool gate", "paused")) {
            newRun();
            given(histories().get(live));
            var result = kit.runCommand(new RunEntity.Fail(reason));
            assertThat(result.events())
                    .as(live)
                    .containsExactly(
                            new RunEntity.RunFailed(reason, result.event().at()));
            assertThat(result.state())
                    .as(live)
                    .isInstanceOfSatisfying(
                            RunEntity.Failed.class, f -> assertThat(f.reason()).isEqualTo(reason));
        }
        for (String other : List.of("queued", "succeeded", "failed", "cancelled")) {
            newRun();
            given(histories().get(other));
            assertThat(kit.runCommand(new RunEntity.Fail(reason)).hasNoEvents())
                    .as(other)
                    .isTrue();
        }
    }

    @Test
    void aRunWalksItsWorkflowToTheEnd() {
        var created =
                kit.<RunEntity.Reply>runCommand(r -> new RunEntity.Create(spec(), WorkflowCodec.toJson(WORKFLOW), r));
        assertThat(created.reply())
                .isInstanceOfSatisfying(
                        RunEntity.Accepted.class,
                        a -> assertThat(a.view().state()).isEqualTo("queued"));
        assertThat(find(created.events(), RunEntity.RunCreated.class).spec()).isEqualTo(spec());
        admission.expectMessage("enqueue:false");
        assertThat(published.receiveMessage()).isInstanceOf(RunEntity.RunCreated.class);

        var admitted = kit.runCommand(new RunEntity.Admit());
        assertThat(admitted.events())
                .map(e -> e.getClass().getSimpleName())
                .containsExactly("RunAdmitted", "NodeEntered");
        assertThat(admitted.stateOfType(RunEntity.Running.class).position().node())
                .isEqualTo("prep");
        TaskAssignment prep = agents.receiveMessage();
        assertThat(prep.agent()).isEqualTo(DIRECTOR);
        assertThat(prep.taskId()).isEqualTo("run/prep/1");

        var prepDone = kit.runCommand(answer("run/prep/1", DIRECTOR, true, Map.of("rows", 3)));
        assertThat(prepDone.events())
                .map(e -> e.getClass().getSimpleName())
                .containsExactly("StageCompleted", "NodeEntered");
        assertThat(prepDone.stateOfType(RunEntity.Running.class).info().facts()).containsEntry("rows", 3);
        assertThat(List.of(
                        agents.receiveMessage().agent(), agents.receiveMessage().agent()))
                .containsExactlyInAnyOrder("r1", "r2");

        assertThat(kit.runCommand(answer("run/research/1/r1", "r1", true, Map.of()))
                        .events())
                .singleElement()
                .isInstanceOf(RunEntity.ResearchAnswered.class);
        // The stage is handed again to whoever has not answered yet (harmless: same task id).
        assertThat(agents.receiveMessage().taskId()).isEqualTo("run/research/1/r2");
        // The same answer again is not counted twice.
        assertThat(kit.runCommand(answer("run/research/1/r1", "r1", true, Map.of()))
                        .hasNoEvents())
                .isTrue();
        kit.runCommand(answer("run/research/1/r2", "r2", true, Map.of()));
        TaskAssignment merge = agents.receiveMessage();
        assertThat(merge.agent()).isEqualTo("algorithm-coordinator");
        assertThat(merge.taskId()).isEqualTo("run/research/1/merge");

        var atGate = kit.runCommand(answer("run/research/1/merge", "algorithm-coordinator", true, Map.of()));
        assertThat(atGate.events())
                .map(e -> e.getClass().getSimpleName())
                .containsExactly("StageCompleted", "NodeEntered", "GateOpened");
        Gate gate = find(atGate.events(), RunEntity.GateOpened.class).gate();
        assertThat(gate.gateId()).isEqualTo(checkpointGateId());
        assertThat(gate.isToolGate()).isFalse();
        assertThat(gate.ttlSeconds()).isEqualTo(3600L);
        admission.expectMessage("release");

        var approved =
                kit.<RunEntity.Reply>runCommand(r -> new RunEntity.Decide(checkpointGateId(), true, "ops", "fine", r));
        assertThat(approved.stateOfType(RunEntity.Queued.class).resumeAfter()).isEqualTo("review");
        admission.expectMessage("enqueue:true");

        var resumed = kit.runCommand(new RunEntity.Admit());
        assertThat(resumed.stateOfType(RunEntity.Running.class).position().node())
                .isEqualTo("ship");
        assertThat(agents.receiveMessage().taskId()).isEqualTo("run/ship/1");

        var done = kit.runCommand(answer("run/ship/1", DIRECTOR, true, Map.of()));
        assertThat(done.events())
                .map(e -> e.getClass().getSimpleName())
                .containsExactly("StageCompleted", "RunSucceeded");
        assertThat(done.state()).isInstanceOf(RunEntity.Succeeded.class);
        admission.expectMessage("release");
    }

    @Test
    void aFailedStageFailsTheRunAndAStaleAnswerIsIgnored() {
        given(running());
        assertThat(kit.runCommand(answer("run/other/1", DIRECTOR, true, Map.of()))
                        .hasNoEvents())
                .isTrue();
        var failed = kit.runCommand(answer("run/prep/1", DIRECTOR, false, Map.of()));
        assertThat(failed.stateOfType(RunEntity.Failed.class).reason()).startsWith("stage prep failed");
        admission.expectMessage("release");
    }

    @Test
    void aRejectedCheckpointFailsTheRunAndOnlyTheOpenGateCanBeDecided() {
        given(atCheckpoint());
        var wrong = kit.<RunEntity.Reply>runCommand(r -> new RunEntity.Decide("other", true, "ops", "", r));
        assertThat(wrong.reply())
                .isEqualTo(new RunEntity.Refused(
                        RunEntity.Refusal.NOT_THE_OPEN_GATE, "gate other is not the open gate of run " + runId));
        assertThat(wrong.hasNoEvents()).isTrue();

        var rejected = kit.<RunEntity.Reply>runCommand(
                r -> new RunEntity.Decide(checkpointGateId(), false, "risk", "too risky", r));
        assertThat(rejected.events()).hasSize(2);
        assertThat(rejected.stateOfType(RunEntity.Failed.class).reason())
                .isEqualTo("gate " + checkpointGateId() + " rejected by risk: too risky");
        assertThat(rejected.reply())
                .isInstanceOfSatisfying(
                        RunEntity.Accepted.class,
                        a -> assertThat(a.view().failure()).contains("too risky"));
    }

    @Test
    void theSweepEscalatesOnceAndExpiresTheOpenGate() {
        given(atCheckpoint());
        assertThat(kit.runCommand(new RunEntity.EscalateGate(checkpointGateId(), T.plusSeconds(60)))
                        .events())
                .singleElement()
                .isEqualTo(new RunEntity.GateEscalated(checkpointGateId(), T.plusSeconds(60)));
        assertThat(kit.runCommand(new RunEntity.EscalateGate(checkpointGateId(), T.plusSeconds(90)))
                        .hasNoEvents())
                .isTrue();
        assertThat(kit.runCommand(new RunEntity.ExpireGate("other")).hasNoEvents())
                .isTrue();
        var expired = kit.runCommand(new RunEntity.ExpireGate(checkpointGateId()));
        assertThat(expired.stateOfType(RunEntity.Failed.class).info().gates().get(checkpointGateId()))
                .satisfies(g -> {
                    assertThat(g.state()).isEqualTo(Gate.EXPIRED);
                    assertThat(g.escalatedAt()).isEqualTo(T.plusSeconds(60));
                });
    }

    @Test
    void aToolGateGivesTheSlotBackAndTheApprovedRunGoesOnWhereItStood() {
        given(running());
        TestProbe<StepPermit> firstAsk = testKit.createTestProbe();
        var opened = kit.runCommand(new RunEntity.RequestToolApproval(toolRequest("worker"), firstAsk.ref()));
        Gate gate = find(opened.events(), RunEntity.GateOpened.class).gate();
        assertThat(gate.isToolGate()).isTrue();
        assertThat(gate.type()).isEqualTo("security");
        admission.expectMessage("release");

        // The agent asks again after its ask timed out: the new request replaces the old one.
        TestProbe<StepPermit> reAsk = testKit.createTestProbe();
        kit.runCommand(new RunEntity.RequestToolApproval(toolRequest("worker"), reAsk.ref()));
        TestProbe<StepPermit> otherAgent = testKit.createTestProbe();
        kit.runCommand(new RunEntity.RequestStep(
                new StepRequest(runId, "other", 0.0, false, "m", "scripted"), otherAgent.ref()));
        // Another agent's tool call waits too, and gets its own gate once the run goes on.
        TestProbe<StepPermit> otherTool = testKit.createTestProbe();
        kit.runCommand(new RunEntity.RequestToolApproval(toolRequest("third"), otherTool.ref()));
        reAsk.expectNoMessage(QUIET);

        var approved =
                kit.<RunEntity.Reply>runCommand(r -> new RunEntity.Decide(gate.gateId(), true, "ops", "fine", r));
        assertThat(approved.stateOfType(RunEntity.Queued.class).resumeAt().node())
                .isEqualTo("prep");
        admission.expectMessage("enqueue:true");
        reAsk.expectNoMessage(QUIET);

        var admitted = kit.runCommand(new RunEntity.Admit());
        // The parked requests are handled again by the running run as messages to itself, so the
        // third agent's gate may already be among this command's events or come right after them.
        assertThat(admitted.events().get(0)).isInstanceOf(RunEntity.RunAdmitted.class);
        assertThat(reAsk.receiveMessage()).isEqualTo(new StepPermit.Proceed());
        assertThat(otherAgent.receiveMessage()).isEqualTo(new StepPermit.Proceed());
        firstAsk.expectNoMessage(QUIET);
        assertThat(agents.receiveMessage().taskId()).isEqualTo("run/prep/1");
        admission.expectMessage("release");
        testKit.createTestProbe().awaitAssert(Duration.ofSeconds(10), () -> {
            RunEntity.WaitingApproval second = (RunEntity.WaitingApproval) kit.getState();
            assertThat(second.info().gates().get(second.gateId()).agent()).isEqualTo("third");
            return null;
        });
        otherTool.expectNoMessage(QUIET);
    }

    @Test
    void aModelTurnIsPermittedWithoutWaitingForTheWriteOfItsCost() {
        given(running());
        // The cost's write is refused by the journal: the agent has its permit all the same, as the
        // permit does not depend on the write (it went out before it).
        kit.persistenceTestKit().rejectNextPersisted();
        TestProbe<StepPermit> agent = testKit.createTestProbe();
        try {
            kit.runCommand(
                    new RunEntity.RequestStep(new StepRequest(runId, "w", 0.2, false, "m", "scripted"), agent.ref()));
        } catch (AssertionError | RuntimeException rejected) {
            // the test kit reports the refused write
        }
        assertThat(agent.receiveMessage()).isEqualTo(new StepPermit.Proceed());

        // The agent's next turn carries its running total again, and that one is recorded.
        kit.restart();
        TestProbe<StepPermit> next = testKit.createTestProbe();
        var recorded = kit.runCommand(
                new RunEntity.RequestStep(new StepRequest(runId, "w", 0.3, false, "m", "scripted"), next.ref()));
        assertThat(next.receiveMessage()).isEqualTo(new StepPermit.Proceed());
        assertThat(recorded.events())
                .singleElement()
                .isInstanceOfSatisfying(
                        RunEntity.CostUpdated.class,
                        c -> assertThat(c.agentTotalUsd()).isEqualTo(0.3));
        assertThat(((RunEntity.Running) kit.getState()).info().costUsd()).isEqualTo(0.3);
    }

    @Test
    void aDelegationIsPermittedOnlyOnceItIsCounted() {
        given(running());
        kit.persistenceTestKit().rejectNextPersisted();
        TestProbe<StepPermit> agent = testKit.createTestProbe();
        try {
            kit.runCommand(
                    new RunEntity.RequestStep(new StepRequest(runId, "w", 0.0, true, "m", "scripted"), agent.ref()));
        } catch (AssertionError | RuntimeException rejected) {
            // the test kit reports the refused write
        }
        // The delegation limit counts written delegations only: no permit without the count.
        agent.expectNoMessage(QUIET);
    }

    @Test
    void spendPastTheBudgetPausesTheRunAndParksTheAgentsUntilResume() {
        given(running());
        TestProbe<StepPermit> spender = testKit.createTestProbe();
        var paused = kit.runCommand(
                new RunEntity.RequestStep(new StepRequest(runId, "w", 1.5, false, "m", "scripted"), spender.ref()));
        assertThat(paused.events()).map(e -> e.getClass().getSimpleName()).containsExactly("CostUpdated", "RunPaused");
        TestProbe<StepPermit> asker = testKit.createTestProbe();
        kit.runCommand(new RunEntity.RequestToolApproval(toolRequest("asker"), asker.ref()));
        spender.expectNoMessage(QUIET);

        var resumed = kit.<RunEntity.Reply>runCommand(r -> new RunEntity.Resume("ops", r));
        assertThat(resumed.reply())
                .isInstanceOfSatisfying(
                        RunEntity.Accepted.class,
                        a -> assertThat(a.view().state()).isEqualTo("running"));
        // One more budget: 1.5 of 2.0 spent, the step goes ahead.
        assertThat(spender.receiveMessage()).isEqualTo(new StepPermit.Proceed());
        // The tool request is handled as the running run handles it: it opens a gate.
        admission.expectMessage("release");
        assertThat(kit.getState()).isInstanceOf(RunEntity.WaitingApproval.class);
        asker.expectNoMessage(QUIET);
    }

    static PruneNote note(String kind) {
        return new PruneNote(kind, T.plusSeconds(86_400L * 400), "what went");
    }

    @Test
    void aFinishedRunNotesWhatRetentionPrunedAndComesBackFromItsSnapshot() {
        given(failed());
        var first = kit.<RunEntity.Reply>runCommand(
                r -> new RunEntity.NotePruned(List.of(note("conversations")), false, T, r));
        assertThat(first.events()).singleElement().isInstanceOf(RunEntity.RunPruned.class);
        PruneNote later = new PruneNote("conversations", T.plusSeconds(86_400L * 500), "again");
        var snapshot = kit.<RunEntity.Reply>runCommand(
                r -> new RunEntity.NotePruned(List.of(note("run_events"), later), true, T, r));
        RunView view = ((RunEntity.Accepted) snapshot.reply()).view();
        assertThat(view.pruned()).containsExactly(later, note("run_events"));
        assertThat(view.state()).isEqualTo("failed");

        // Recovery reads the snapshot (the state as it was), then the one event after it.
        kit.<RunEntity.Reply>runCommand(r -> new RunEntity.NotePruned(List.of(note("audit_pdfs")), false, T, r));
        RunEntity.State before = kit.getState();
        kit.restart();
        assertThat(kit.getState()).isEqualTo(before);
        RunEntity.Failed failed = (RunEntity.Failed) kit.getState();
        assertThat(failed.reason()).isEqualTo("expired");
        assertThat(failed.pruned())
                .extracting(PruneNote::kind)
                .containsExactly("audit_pdfs", "conversations", "run_events");
    }

    @Test
    void onlyAFinishedRunIsPruned() {
        given(running());
        var refused =
                kit.<RunEntity.Reply>runCommand(r -> new RunEntity.NotePruned(List.of(note("run_events")), true, T, r));
        assertThat(refused.events()).isEmpty();
        assertThat(refused.reply()).isInstanceOf(RunEntity.Refused.class);
        assertThat(((RunEntity.Refused) refused.reply()).refusal()).isEqualTo(RunEntity.Refusal.NOT_NOW);
    }

    @Test
    void cancellingAPausedRunRefusesTheParkedAgents() {
        given(paused());
        TestProbe<StepPermit> parked = testKit.createTestProbe();
        kit.runCommand(
                new RunEntity.RequestStep(new StepRequest(runId, "w", 2.0, false, "m", "scripted"), parked.ref()));
        var cancelled = kit.<RunEntity.Reply>runCommand(r -> new RunEntity.Cancel("ops", r));
        assertThat(cancelled.state()).isInstanceOf(RunEntity.Cancelled.class);
        assertThat(parked.receiveMessage()).isEqualTo(new StepPermit.Refuse("the run is cancelled", true));
        admission.expectMessage("release");
    }

    @Test
    void delegationsPastTheLimitAreRefusedWithoutEndingTheTask() {
        given(running());
        for (int i = 0; i < MAX_DELEGATIONS; i++) {
            var ok = kit.<StepPermit>runCommand(
                    r -> new RunEntity.RequestStep(new StepRequest(runId, "w", 0.0, true, "m", "scripted"), r));
            assertThat(ok.reply()).isEqualTo(new StepPermit.Proceed());
            assertThat(ok.events()).singleElement().isInstanceOf(RunEntity.DelegationCounted.class);
        }
        var refused = kit.<StepPermit>runCommand(
                r -> new RunEntity.RequestStep(new StepRequest(runId, "w", 0.0, true, "m", "scripted"), r));
        assertThat(refused.reply())
                .isEqualTo(new StepPermit.Refuse("more than " + MAX_DELEGATIONS + " delegations in this run", false));
        assertThat(refused.hasNoEvents()).isTrue();
    }

    @Test
    void callersGetTypedRefusals() {
        assertThat(kit.<RunEntity.Reply>runCommand(RunEntity.Get::new).reply())
                .isEqualTo(new RunEntity.Refused(RunEntity.Refusal.NO_SUCH_RUN, "no run " + runId));
        given(succeeded());
        assertThat(kit.<RunEntity.Reply>runCommand(r -> new RunEntity.Cancel("ops", r))
                        .reply())
                .isEqualTo(new RunEntity.Refused(
                        RunEntity.Refusal.NOT_NOW, "the run is succeeded and cannot be cancelled"));
        assertThat(kit.<RunEntity.Reply>runCommand(r -> new RunEntity.Resume("ops", r))
                        .reply())
                .isEqualTo(new RunEntity.Refused(RunEntity.Refusal.NOT_NOW, "the run is succeeded and is not paused"));
        assertThat(kit.<RunEntity.Reply>runCommand(r -> new RunEntity.Create(spec(), WorkflowCodec.toJson(WORKFLOW), r))
                        .reply())
                .isEqualTo(new RunEntity.Refused(RunEntity.Refusal.RUN_EXISTS, "run " + runId + " exists"));
        assertThat(kit.<StepPermit>runCommand(r -> new RunEntity.RequestToolApproval(toolRequest("w"), r))
                        .reply())
                .isEqualTo(new StepPermit.Refuse("the run is succeeded", true));
    }

    @Test
    void wakeRegistersTheRunAgainAsItsStateNeeds() {
        given(created());
        kit.runCommand(new RunEntity.Wake());
        admission.expectMessage("enqueue:false");
        given(queuedAfterToolGate());
        kit.runCommand(new RunEntity.Wake());
        admission.expectMessage("enqueue:true");
        given(running());
        kit.runCommand(new RunEntity.Wake());
        admission.expectMessage("claim");
        assertThat(agents.receiveMessage().taskId()).isEqualTo("run/prep/1");
        given(paused());
        kit.runCommand(new RunEntity.Wake());
        admission.expectMessage("claim");
        given(atToolGate());
        kit.runCommand(new RunEntity.Wake());
        admission.expectNoMessage(QUIET);
    }

    @Test
    void anAdmissionTheRunCannotUseIsGivenBack() {
        given(atCheckpoint());
        admission.expectNoMessage(QUIET);
        kit.runCommand(new RunEntity.Admit());
        admission.expectMessage("release");
        given(running());
        kit.runCommand(new RunEntity.Admit());
        admission.expectNoMessage(QUIET);
    }

    @Test
    void aJournalFromBeforeToolGatesGaveTheSlotBackStillRecovers() {
        // Then an approved tool gate went straight on running: no RunAdmitted after the decision.
        given(plus(
                queuedAfterToolGate(),
                new RunEntity.CostUpdated("worker", 0.2, "m", "scripted", T),
                new RunEntity.StageCompleted("prep", 1, "done", Map.of(), T),
                new RunEntity.NodeEntered("research", 1, "prep->research", "", T)));
        RunEntity.Running running = (RunEntity.Running) kit.getState();
        assertThat(running.position().node()).isEqualTo("research");
        assertThat(running.info().agentCosts()).containsEntry("worker", 0.2);
    }

    @Test
    void aRestartRecoversTheSameState() {
        given(atCheckpoint());
        kit.runCommand(new RunEntity.EscalateGate(checkpointGateId(), T.plusSeconds(60)));
        RunEntity.State before = kit.getState();
        var restarted = kit.restart();
        assertThat(restarted.state()).isEqualTo(before);
        assertThat(((RunEntity.WaitingApproval) restarted.state()).info().gates())
                .containsKey(checkpointGateId());
    }

    RunEntity.TaskAnswered answer(String taskId, String agent, boolean ok, Map<String, Object> facts) {
        return new RunEntity.TaskAnswered(new TaskAnswer(runId, taskId, agent, new TaskOutcome(ok, "answer", facts)));
    }

    /** The first event of the type among a command's events (the testkit's own looks at the first only). */
    static <E extends RunEntity.Event> E find(List<RunEntity.Event> events, Class<E> type) {
        return events.stream()
                .filter(type::isInstance)
                .map(type::cast)
                .findFirst()
                .orElseThrow();
    }
}
