package svc.core.agent;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.SupervisorStrategy;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.cluster.sharding.typed.javadsl.Entity;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityTypeKey;
import org.apache.pekko.persistence.typed.PersistenceId;
import org.apache.pekko.persistence.typed.RecoveryCompleted;
import org.apache.pekko.persistence.typed.javadsl.CommandHandler;
import org.apache.pekko.persistence.typed.javadsl.Effect;
import org.apache.pekko.persistence.typed.javadsl.EventHandler;
import org.apache.pekko.persistence.typed.javadsl.EventSourcedBehavior;
import org.apache.pekko.persistence.typed.javadsl.RetentionCriteria;
import org.apache.pekko.persistence.typed.javadsl.SignalHandler;
import svc.config.Json;
import svc.core.CborSerializable;
import svc.core.llm.ChatMessage;
import svc.core.llm.LlmRequest;
import svc.core.llm.LlmResponse;
import svc.core.llm.PriceTable;
import svc.core.llm.ToolCall;
import svc.core.llm.ToolSpec;
import svc.core.task.Requester;
import svc.core.task.StepPermit;
import svc.core.task.StepRequest;
import svc.core.task.TaskAnswer;
import svc.core.task.TaskOutcome;
import svc.core.task.TaskText;
import svc.core.task.ToolApprovalRequest;
import svc.core.tools.Tool;
import svc.core.tools.ToolContext;
import svc.core.tools.ToolPermissions;
import svc.core.tools.ToolResult;

/**
 * One agent of one run: an event-sourced loop that asks its model, runs the tools the model
 * calls (delegations included), appends every result and asks again, until the model answers
 * without tool calls. Every message is an event, so the conversation survives any crash; the
 * per-agent conversation file is a projection of this journal.
 *
 * <p>States: idle (no task) and working (one active task; further tasks wait in order). What
 * the agent is waiting for (a permit, a model answer, a tool, a delegate) is not persisted: on
 * recovery the agent looks at its conversation and takes the next step again. A tool call with
 * no recorded result is run again; a recorded result is never recomputed.
 */
public final class AgentEntity extends EventSourcedBehavior<AgentEntity.Command, AgentEntity.Event, AgentEntity.State> {

    public static final EntityTypeKey<Command> ENTITY_TYPE_KEY = EntityTypeKey.create(Command.class, "agent");
    public static final String TAG = "agent";
    private static final String DELEGATION_PREFIX = "transfer_to_";

    // ---- protocol -------------------------------------------------------------------------

    /** Messages an agent accepts. */
    public sealed interface Command extends CborSerializable {}

    /** Take on a task; sending the same task id again is harmless (it answers again if done). */
    public record AssignTask(String taskId, Requester requester, String text, int depth, List<String> chain)
            implements Command {
        public AssignTask {
            chain = List.copyOf(chain);
        }
    }

    /** A delegate's answer to one of this agent's {@code transfer_to_} calls. */
    public record DelegationAnswered(String callId, TaskOutcome outcome) implements Command {}

    private record PermitAnswered(long step, StepPermit permit) implements Command {}

    private record PermitLost(long step) implements Command {}

    private record ModelAnswered(long step, LlmResponse response, long durationMs) implements Command {}

    private record ModelFailed(long step, String reason) implements Command {}

    private record ToolFinished(long step, String callId, ToolResult result, long durationMs) implements Command {}

    private record DelegationOverdue(String callId) implements Command {}

    private record ToolNeedsApproval(long step, String callId, String reason) implements Command {}

    private record ApprovalAnswered(long step, String callId, StepPermit permit) implements Command {}

    private record ApprovalLost(long step) implements Command {}

    // ---- events ---------------------------------------------------------------------------

    /** What happened to this agent; every event that is a message carries its line number. */
    public sealed interface Event extends CborSerializable {
        Instant at();
    }

    /** A conversation line: a message with its per-agent sequence number (from 1, no gaps). */
    public sealed interface MessageEvent extends Event {
        long seq();

        String taskId();
    }

    public record TaskStarted(
            String taskId, Requester requester, String text, int depth, List<String> chain, long seq, Instant at)
            implements MessageEvent {}

    public record AssistantSaid(
            String taskId,
            String text,
            List<ToolCall> toolCalls,
            String model,
            svc.core.llm.Usage usage,
            double costUsd,
            long durationMs,
            long seq,
            Instant at)
            implements MessageEvent {}

    public record ToolAnswered(
            String taskId,
            String callId,
            String tool,
            String content,
            boolean isError,
            Map<String, Object> facts,
            long durationMs,
            long seq,
            Instant at)
            implements MessageEvent {}

    public record TaskFinished(String taskId, TaskOutcome outcome, Instant at) implements Event {}

    // ---- state ----------------------------------------------------------------------------

    /** The task being worked on. */
    public record ActiveTask(
            String taskId,
            Requester requester,
            int depth,
            List<String> chain,
            int steps,
            Map<String, Object> facts,
            List<ToolCall> pendingCalls,
            Instant startedAt) {}

    /** Conversation, spend, the active task, and the outcomes of finished tasks (for re-asks). */
    public record State(
            List<ChatMessage> conversation,
            long seq,
            double costUsd,
            ActiveTask active,
            Map<String, TaskOutcome> finished) {
        static State empty() {
            return new State(List.of(), 0, 0, null, Map.of());
        }
    }

    // ---- wiring ---------------------------------------------------------------------------

    public static void init(org.apache.pekko.actor.typed.ActorSystem<?> system, AgentRuntime runtime) {
        ClusterSharding.get(system).init(Entity.of(ENTITY_TYPE_KEY, ctx -> create(ctx.getEntityId(), runtime)));
    }

    public static String entityId(String runId, String agent) {
        return runId + "|" + agent;
    }

    public static Behavior<Command> create(String entityId, AgentRuntime runtime) {
        int bar = entityId.indexOf('|');
        String runId = entityId.substring(0, bar);
        String agent = entityId.substring(bar + 1);
        AgentProfile profile = runtime.directory().get(agent);
        Behavior<Command> behavior = Behaviors.setup(
                ctx -> Behaviors.withTimers(timers -> new AgentEntity(ctx, timers, runId, profile, runtime)));
        return Behaviors.supervise(behavior).onFailure(supervisionFor(profile.tier()));
    }

    /**
     * Directors and coordinators hold a stage together: they always come back, slowing down if
     * they keep failing. A worker that keeps failing is stopped; its coordinator re-sends the
     * task when the delegation is overdue, which starts it afresh from its journal.
     */
    static SupervisorStrategy supervisionFor(AgentProfile.Tier tier) {
        return switch (tier) {
            case DIRECTOR -> SupervisorStrategy.restartWithBackoff(Duration.ofMillis(200), Duration.ofSeconds(30), 0.2);
            case COORDINATOR ->
                SupervisorStrategy.restartWithBackoff(Duration.ofMillis(200), Duration.ofSeconds(10), 0.2);
            case WORKER -> SupervisorStrategy.restart().withLimit(5, Duration.ofMinutes(1));
        };
    }

    // ---- instance -------------------------------------------------------------------------

    private final ActorContext<Command> context;
    private final TimerScheduler<Command> timers;
    private final String runId;
    private final AgentProfile profile;
    private final AgentRuntime runtime;
    private final ClusterSharding sharding;
    private final List<ToolSpec> toolSpecs;
    /** Tasks that arrived while another was active; requesters re-send them after a crash. */
    private final Deque<AssignTask> queue = new ArrayDeque<>();
    /** Calls a person approved (ASK gates) since this incarnation started; lost on restart, re-asked. */
    private final java.util.Set<String> approvedCalls = new java.util.HashSet<>();
    /** The step the agent is waiting on; answers for any other step are stale and ignored. */
    private long step;

    private boolean waiting;

    private AgentEntity(
            ActorContext<Command> context,
            TimerScheduler<Command> timers,
            String runId,
            AgentProfile profile,
            AgentRuntime runtime) {
        // agent|<run>|<agent>: the run id and agent name stay readable in the journal.
        super(PersistenceId.ofUniqueId(ENTITY_TYPE_KEY.name() + "|" + entityId(runId, profile.name())));
        this.context = context;
        this.timers = timers;
        this.runId = runId;
        this.profile = profile;
        this.runtime = runtime;
        this.sharding = ClusterSharding.get(context.getSystem());
        this.toolSpecs = toolSpecs(profile, runtime);
    }

    private static List<ToolSpec> toolSpecs(AgentProfile profile, AgentRuntime runtime) {
        List<ToolSpec> specs = new ArrayList<>();
        for (String name : profile.tools()) {
            runtime.tools()
                    .find(name)
                    .ifPresent(t -> specs.add(new ToolSpec(t.name(), t.description(), t.inputSchemaJson())));
        }
        for (String delegate : profile.delegates()) {
            String role = runtime.directory()
                    .find(delegate)
                    .map(p -> p.team() + " " + p.tier().name().toLowerCase())
                    .orElse("agent");
            specs.add(
                    new ToolSpec(
                            DELEGATION_PREFIX + delegate,
                            "Hand a task to " + delegate + " (" + role + ") and get its answer back.",
                            "{\"type\":\"object\",\"properties\":{\"task\":{\"type\":\"string\",\"description\":\"what to do, with all context the delegate needs\"}},\"required\":[\"task\"]}"));
        }
        return List.copyOf(specs);
    }

    @Override
    public State emptyState() {
        return State.empty();
    }

    @Override
    public Set<String> tagsFor(Event event) {
        return Set.of(TAG);
    }

    @Override
    public RetentionCriteria retentionCriteria() {
        return RetentionCriteria.disabled();
    }

    @Override
    public SignalHandler<State> signalHandler() {
        return newSignalHandlerBuilder()
                .onSignal(RecoveryCompleted.instance(), this::advance)
                .build();
    }

    @Override
    public CommandHandler<Command, Event, State> commandHandler() {
        return newCommandHandlerBuilder()
                .forAnyState()
                .onCommand(AssignTask.class, this::onAssignTask)
                .onCommand(DelegationAnswered.class, this::onDelegationAnswered)
                .onCommand(PermitAnswered.class, this::onPermitAnswered)
                .onCommand(PermitLost.class, this::onPermitLost)
                .onCommand(ModelAnswered.class, this::onModelAnswered)
                .onCommand(ModelFailed.class, this::onModelFailed)
                .onCommand(ToolFinished.class, this::onToolFinished)
                .onCommand(DelegationOverdue.class, this::onDelegationOverdue)
                .onCommand(ToolNeedsApproval.class, this::onToolNeedsApproval)
                .onCommand(ApprovalAnswered.class, this::onApprovalAnswered)
                .onCommand(ApprovalLost.class, this::onApprovalLost)
                .build();
    }

    private Effect<Event, State> onAssignTask(State state, AssignTask cmd) {
        TaskOutcome done = state.finished().get(cmd.taskId());
        if (done != null) {
            reply(cmd.taskId(), cmd.requester(), done);
            return Effect().none();
        }
        boolean known = (state.active() != null && state.active().taskId().equals(cmd.taskId()))
                || queue.stream().anyMatch(q -> q.taskId().equals(cmd.taskId()));
        if (known) {
            return Effect().none();
        }
        if (state.active() != null) {
            queue.addLast(cmd);
            return Effect().none();
        }
        return start(state, cmd);
    }

    private Effect<Event, State> start(State state, AssignTask cmd) {
        TaskStarted event = new TaskStarted(
                cmd.taskId(), cmd.requester(), cmd.text(), cmd.depth(), cmd.chain(), state.seq() + 1, Instant.now());
        return persist(state, List.of(event));
    }

    /**
     * Persists, then publishes the events live, answers the requester when a task ended, and
     * takes the next step. The answer is sent only after the journal has the outcome; if it is
     * lost, the requester asks again and gets the stored outcome.
     */
    private Effect<Event, State> persist(State before, List<Event> events) {
        ActiveTask task = before.active();
        return Effect().persist(events).thenRun(after -> {
            for (Event e : events) {
                runtime.liveFeed().publish(runId, profile.name(), e);
                trace(e, task);
                if (e instanceof TaskFinished f && task != null && task.taskId().equals(f.taskId())) {
                    reply(f.taskId(), task.requester(), f.outcome());
                }
            }
            advance(after);
        });
    }

    private static TaskOutcome abortOutcome(String reason) {
        return new TaskOutcome(
                false,
                TaskText.render(
                        "Stopped: " + reason, Json.object().put("ok", false).put("error", reason)),
                Map.of());
    }

    /** Spans for what just ended: a model call, a tool call, or the whole task. */
    private void trace(Event e, ActiveTask task) {
        if (e instanceof AssistantSaid a) {
            runtime.tracing()
                    .record(
                            "llm.call",
                            runId,
                            a.at().minusMillis(a.durationMs()),
                            a.at(),
                            Map.of(
                                    "run_id",
                                    runId,
                                    "agent",
                                    profile.name(),
                                    "model",
                                    a.model(),
                                    "tokens_in",
                                    a.usage().inputTokens(),
                                    "tokens_out",
                                    a.usage().outputTokens(),
                                    "cost_usd",
                                    a.costUsd()),
                            false);
        } else if (e instanceof ToolAnswered t && !t.tool().startsWith(DELEGATION_PREFIX)) {
            runtime.tracing()
                    .record(
                            "tool.dispatch",
                            runId,
                            t.at().minusMillis(t.durationMs()),
                            t.at(),
                            Map.of("run_id", runId, "agent", profile.name(), "tool", t.tool()),
                            t.isError());
        } else if (e instanceof TaskFinished f && task != null && task.startedAt() != null) {
            runtime.tracing()
                    .record(
                            "agent.invoke",
                            runId,
                            task.startedAt(),
                            f.at(),
                            Map.of(
                                    "run_id",
                                    runId,
                                    "agent",
                                    profile.name(),
                                    "task_id",
                                    f.taskId(),
                                    "ok",
                                    f.outcome().ok()),
                            !f.outcome().ok());
        }
    }

    // ---- the loop -------------------------------------------------------------------------

    /** Takes the next step the conversation calls for, unless one is already under way. */
    private void advance(State state) {
        ActiveTask task = state.active();
        if (task == null) {
            waiting = false;
            AssignTask next = queue.pollFirst();
            if (next != null) {
                context.getSelf().tell(next);
            }
            return;
        }
        if (waiting) {
            return;
        }
        waiting = true;
        step++;
        if (!task.pendingCalls().isEmpty()) {
            ToolCall call = task.pendingCalls().get(0);
            if (call.name().startsWith(DELEGATION_PREFIX)) {
                delegate(state, task, call);
            } else {
                runTool(state, task, call);
            }
            return;
        }
        if (task.steps() >= runtime.settings().maxStepsPerTask()) {
            context.getSelf()
                    .tell(new ModelFailed(
                            step,
                            "the task took more than " + runtime.settings().maxStepsPerTask() + " model turns"));
            return;
        }
        askPermit(state, false);
    }

    private void askPermit(State state, boolean delegation) {
        long current = step;
        context.pipeToSelf(
                runtime.runs().requestStep(new StepRequest(runId, profile.name(), state.costUsd(), delegation)),
                (permit, failure) -> permit != null ? new PermitAnswered(current, permit) : new PermitLost(current));
    }

    private Effect<Event, State> onPermitLost(State state, PermitLost msg) {
        if (msg.step() != step) {
            return Effect().none();
        }
        // A paused run answers only when resumed; ask again rather than give up.
        waiting = false;
        advance(state);
        return Effect().none();
    }

    private Effect<Event, State> onPermitAnswered(State state, PermitAnswered msg) {
        if (msg.step() != step || state.active() == null) {
            return Effect().none();
        }
        if (msg.permit() instanceof StepPermit.Refuse refuse) {
            if (refuse.endsTask()) {
                queue.clear();
                return persist(
                        state,
                        List.of(new TaskFinished(
                                state.active().taskId(), abortOutcome(refuse.reason()), Instant.now())));
            }
            // A run-wide limit on delegations: the delegation fails, the task goes on.
            ToolCall call = state.active().pendingCalls().get(0);
            return answerCall(state, call, ToolResult.error("delegation refused: " + refuse.reason()), 0);
        }
        ToolCall pending = state.active().pendingCalls().isEmpty()
                ? null
                : state.active().pendingCalls().get(0);
        if (pending != null && pending.name().startsWith(DELEGATION_PREFIX)) {
            sendDelegation(state.active(), pending);
        } else {
            callModel(state);
        }
        return Effect().none();
    }

    private void callModel(State state) {
        long current = step;
        java.util.Optional<String> injection =
                runtime.permissions().screenPrompt(runId, profile.name(), state.conversation());
        if (injection.isPresent()) {
            context.getSelf().tell(new ModelFailed(current, "the conversation was not sent: " + injection.get()));
            return;
        }
        LlmRequest request = new LlmRequest(
                profile.name(), profile.model(), profile.systemPrompt(), state.conversation(), toolSpecs, 4096);
        long started = System.nanoTime();
        CompletableFuture<LlmResponse> answer;
        try {
            answer = runtime.providers().apply(profile).complete(request).toCompletableFuture();
        } catch (RuntimeException e) {
            answer = CompletableFuture.failedFuture(e);
        }
        context.pipeToSelf(
                answer.orTimeout(
                        runtime.settings().stepTimeout().toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS),
                (response, failure) -> failure == null
                        ? new ModelAnswered(current, response, (System.nanoTime() - started) / 1_000_000)
                        : new ModelFailed(current, describe(failure)));
    }

    private Effect<Event, State> onModelAnswered(State state, ModelAnswered msg) {
        if (msg.step() != step || state.active() == null) {
            return Effect().none();
        }
        waiting = false;
        LlmResponse r = msg.response();
        String model = r.model().isEmpty() ? profile.model() : r.model();
        double cost = PriceTable.costUsd(model, r.usage());
        Instant now = Instant.now();
        List<Event> events = new ArrayList<>();
        String taskId = state.active().taskId();
        events.add(new AssistantSaid(
                taskId, r.text(), r.toolCalls(), model, r.usage(), cost, msg.durationMs(), state.seq() + 1, now));
        if (r.toolCalls().isEmpty()) {
            events.add(new TaskFinished(
                    taskId, TaskOutcome.fromAnswer(r.text(), state.active().facts()), now));
        }
        return persist(state, events);
    }

    private Effect<Event, State> onModelFailed(State state, ModelFailed msg) {
        if (msg.step() != step || state.active() == null) {
            return Effect().none();
        }
        waiting = false;
        String reason = profile.name() + " could not get an answer from its model: " + msg.reason();
        context.getLog().warn("{}", reason);
        TaskOutcome outcome = new TaskOutcome(
                false,
                TaskText.render(reason, Json.object().put("ok", false).put("error", reason)),
                state.active().facts());
        return persist(state, List.of(new TaskFinished(state.active().taskId(), outcome, Instant.now())));
    }

    private void runTool(State state, ActiveTask task, ToolCall call) {
        long current = step;
        Tool tool = profile.tools().contains(call.name())
                ? runtime.tools().find(call.name()).orElse(null)
                : null;
        if (tool == null) {
            context.getSelf()
                    .tell(new ToolFinished(
                            current,
                            call.id(),
                            ToolResult.error(call.name() + " is not one of your tools; yours are " + profile.tools()),
                            0));
            return;
        }
        ToolContext toolContext = toolContext(state);
        long started = System.nanoTime();
        boolean approved = approvedCalls.contains(call.id());
        // Governance and the tool both run on the blocking dispatcher: either may read files.
        CompletableFuture<ToolResult> result = CompletableFuture.supplyAsync(
                () -> {
                    Instant checkStarted = Instant.now();
                    ToolPermissions.Verdict verdict =
                            runtime.permissions().check(runId, profile.name(), call.name(), call.argumentsJson());
                    runtime.tracing()
                            .record(
                                    "permission.check",
                                    runId,
                                    checkStarted,
                                    Instant.now(),
                                    Map.of(
                                            "run_id",
                                            runId,
                                            "agent",
                                            profile.name(),
                                            "tool",
                                            call.name(),
                                            "behavior",
                                            verdict.allowed() ? "allow" : verdict.needsApproval() ? "ask" : "deny",
                                            "rule_source",
                                            verdict.source()),
                                    false);
                    if (verdict.needsApproval() && !approved) {
                        throw new ApprovalRequired(verdict.source() + ": " + verdict.reason());
                    }
                    if (!verdict.allowed() && !verdict.needsApproval()) {
                        return ToolResult.error("permission denied by " + verdict.source() + ": " + verdict.reason());
                    }
                    ToolResult raw;
                    try {
                        raw = tool.invoke(toolContext, Json.parse(call.argumentsJson()));
                    } catch (Exception e) {
                        raw = ToolResult.error(call.name() + " failed: " + describe(e));
                    }
                    return runtime.permissions().afterTool(toolContext, call.name(), raw);
                },
                runtime.blockingExecutor());
        context.pipeToSelf(
                result.orTimeout(
                        runtime.settings().stepTimeout().toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS),
                (r, failure) -> {
                    Throwable cause =
                            failure instanceof java.util.concurrent.CompletionException && failure.getCause() != null
                                    ? failure.getCause()
                                    : failure;
                    if (cause instanceof ApprovalRequired ask) {
                        return new ToolNeedsApproval(current, call.id(), ask.getMessage());
                    }
                    return new ToolFinished(
                            current,
                            call.id(),
                            failure == null ? r : ToolResult.error(call.name() + " failed: " + describe(failure)),
                            (System.nanoTime() - started) / 1_000_000);
                });
    }

    /** The permission engine answered ASK and nobody has approved this call yet. */
    private static final class ApprovalRequired extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ApprovalRequired(String reason) {
            super(reason, null, false, false);
        }
    }

    // ---- approval gates for ASK (HITL) ----------------------------------------------------

    private Effect<Event, State> onToolNeedsApproval(State state, ToolNeedsApproval msg) {
        if (msg.step() != step || state.active() == null) {
            return Effect().none();
        }
        ToolCall call = state.active().pendingCalls().stream()
                .filter(c -> c.id().equals(msg.callId()))
                .findFirst()
                .orElse(null);
        if (call == null) {
            return Effect().none();
        }
        askApproval(call, msg.reason());
        return Effect().none();
    }

    /** Asks the run to open (or find) an approval gate for the call; the run answers when decided. */
    private void askApproval(ToolCall call, String reason) {
        long current = step;
        context.pipeToSelf(
                runtime.runs()
                        .requestToolApproval(
                                new ToolApprovalRequest(runId, profile.name(), call.name(), call.id(), reason)),
                (permit, failure) ->
                        permit != null ? new ApprovalAnswered(current, call.id(), permit) : new ApprovalLost(current));
    }

    private Effect<Event, State> onApprovalLost(State state, ApprovalLost msg) {
        if (msg.step() != step || state.active() == null) {
            return Effect().none();
        }
        // Nobody has decided yet (the run holds the answer until someone does): ask again.
        waiting = false;
        advance(state);
        return Effect().none();
    }

    private Effect<Event, State> onApprovalAnswered(State state, ApprovalAnswered msg) {
        if (msg.step() != step || state.active() == null) {
            return Effect().none();
        }
        ToolCall call = state.active().pendingCalls().stream()
                .filter(c -> c.id().equals(msg.callId()))
                .findFirst()
                .orElse(null);
        if (call == null) {
            return Effect().none();
        }
        if (msg.permit() instanceof StepPermit.Refuse refuse) {
            if (refuse.endsTask()) {
                queue.clear();
                return persist(
                        state,
                        List.of(new TaskFinished(
                                state.active().taskId(), abortOutcome(refuse.reason()), Instant.now())));
            }
            return answerCall(state, call, ToolResult.error("not approved: " + refuse.reason()), 0);
        }
        approvedCalls.add(call.id());
        waiting = false;
        advance(state);
        return Effect().none();
    }

    private ToolContext toolContext(State state) {
        return new ToolContext(
                runId,
                profile.name(),
                runtime.settings().runDir(runId),
                state.active().facts());
    }

    private Effect<Event, State> onToolFinished(State state, ToolFinished msg) {
        if (msg.step() != step || state.active() == null) {
            return Effect().none();
        }
        waiting = false;
        ToolCall call = state.active().pendingCalls().stream()
                .filter(c -> c.id().equals(msg.callId()))
                .findFirst()
                .orElse(null);
        if (call == null) {
            return Effect().none();
        }
        return answerCall(state, call, msg.result(), msg.durationMs());
    }

    private Effect<Event, State> answerCall(State state, ToolCall call, ToolResult result, long durationMs) {
        waiting = false;
        ToolAnswered event = new ToolAnswered(
                state.active().taskId(),
                call.id(),
                call.name(),
                result.contentJson(),
                !result.ok(),
                result.facts(),
                durationMs,
                state.seq() + 1,
                Instant.now());
        return persist(state, List.of(event));
    }

    // ---- delegation (G10) -----------------------------------------------------------------

    private void delegate(State state, ActiveTask task, ToolCall call) {
        String target = call.name().substring(DELEGATION_PREFIX.length());
        String refusal = delegationRefusal(task, call, target);
        if (refusal != null) {
            context.getSelf().tell(new ToolFinished(step, call.id(), ToolResult.error(refusal), 0));
            return;
        }
        askPermit(state, true);
    }

    /** Why this delegation must not happen (G10 depth and loop rules), or null when it may. */
    private String delegationRefusal(ActiveTask task, ToolCall call, String target) {
        if (!profile.delegates().contains(target)) {
            return target + " is not an agent you can delegate to; you can delegate to " + profile.delegates();
        }
        if (task.depth() + 1 > runtime.settings().maxDelegationDepth()) {
            return "delegation depth limit reached (" + runtime.settings().maxDelegationDepth() + ")";
        }
        String key = delegationKey(target, call.argumentsJson());
        if (task.chain().contains(key)) {
            return "delegation loop: " + target + " is already working on this in the chain " + task.chain();
        }
        return null;
    }

    private String delegationKey(String target, String argumentsJson) {
        if (runtime.settings().delegationScope().equals("name_only")) {
            return target;
        }
        return target + "#" + Integer.toHexString(argumentsJson.hashCode());
    }

    private void sendDelegation(ActiveTask task, ToolCall call) {
        String target = call.name().substring(DELEGATION_PREFIX.length());
        String text = Json.parse(call.argumentsJson()).path("task").asText("");
        List<String> chain = new ArrayList<>(task.chain());
        chain.add(delegationKey(target, call.argumentsJson()));
        String taskId = profile.name() + "/" + call.id();
        sharding.entityRefFor(ENTITY_TYPE_KEY, entityId(runId, target))
                .tell(new AssignTask(
                        taskId, Requester.agent(profile.name(), call.id()), text, task.depth() + 1, chain));
        timers.startSingleTimer(
                "overdue-" + call.id(),
                new DelegationOverdue(call.id()),
                runtime.settings().stepTimeout());
    }

    private Effect<Event, State> onDelegationOverdue(State state, DelegationOverdue msg) {
        ActiveTask task = state.active();
        if (task != null
                && !task.pendingCalls().isEmpty()
                && task.pendingCalls().get(0).id().equals(msg.callId())) {
            // The delegate may have been stopped by its supervisor; asking again restarts it.
            sendDelegation(task, task.pendingCalls().get(0));
        }
        return Effect().none();
    }

    private Effect<Event, State> onDelegationAnswered(State state, DelegationAnswered msg) {
        ActiveTask task = state.active();
        if (task == null
                || task.pendingCalls().isEmpty()
                || !task.pendingCalls().get(0).id().equals(msg.callId())) {
            return Effect().none();
        }
        timers.cancel("overdue-" + msg.callId());
        TaskOutcome outcome = msg.outcome();
        ToolResult result = new ToolResult(outcome.ok(), outcome.answer(), outcome.facts());
        return answerCall(state, task.pendingCalls().get(0), result, 0);
    }

    // ---- replies --------------------------------------------------------------------------

    private void reply(String taskId, Requester requester, TaskOutcome outcome) {
        switch (requester.kind()) {
            case RUN -> runtime.runs().taskAnswered(new TaskAnswer(runId, taskId, profile.name(), outcome));
            case AGENT ->
                sharding.entityRefFor(ENTITY_TYPE_KEY, entityId(runId, requester.agent()))
                        .tell(new DelegationAnswered(requester.callId(), outcome));
        }
    }

    private static String describe(Throwable t) {
        Throwable cause =
                t instanceof java.util.concurrent.CompletionException && t.getCause() != null ? t.getCause() : t;
        if (cause instanceof java.util.concurrent.TimeoutException) {
            return "timed out";
        }
        return cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
    }

    // ---- events fold ----------------------------------------------------------------------

    @Override
    public EventHandler<State, Event> eventHandler() {
        return newEventHandlerBuilder()
                .forAnyState()
                .onEvent(TaskStarted.class, AgentEntity::applyTaskStarted)
                .onEvent(AssistantSaid.class, AgentEntity::applyAssistantSaid)
                .onEvent(ToolAnswered.class, AgentEntity::applyToolAnswered)
                .onEvent(TaskFinished.class, AgentEntity::applyTaskFinished)
                .build();
    }

    private static State applyTaskStarted(State s, TaskStarted e) {
        List<ChatMessage> conversation = append(s.conversation(), ChatMessage.user(e.text()));
        ActiveTask task =
                new ActiveTask(e.taskId(), e.requester(), e.depth(), e.chain(), 0, Map.of(), List.of(), e.at());
        return new State(conversation, e.seq(), s.costUsd(), task, s.finished());
    }

    private static State applyAssistantSaid(State s, AssistantSaid e) {
        List<ChatMessage> conversation = append(s.conversation(), ChatMessage.assistant(e.text(), e.toolCalls()));
        ActiveTask t = s.active();
        ActiveTask task = new ActiveTask(
                t.taskId(),
                t.requester(),
                t.depth(),
                t.chain(),
                t.steps() + 1,
                t.facts(),
                e.toolCalls(),
                t.startedAt());
        return new State(conversation, e.seq(), s.costUsd() + e.costUsd(), task, s.finished());
    }

    private static State applyToolAnswered(State s, ToolAnswered e) {
        List<ChatMessage> conversation =
                append(s.conversation(), ChatMessage.toolResult(e.callId(), e.content(), e.isError()));
        ActiveTask t = s.active();
        Map<String, Object> facts = new LinkedHashMap<>(t.facts());
        facts.putAll(e.facts());
        List<ToolCall> pending = t.pendingCalls().stream()
                .filter(c -> !c.id().equals(e.callId()))
                .collect(Collectors.toList());
        ActiveTask task = new ActiveTask(
                t.taskId(), t.requester(), t.depth(), t.chain(), t.steps(), facts, pending, t.startedAt());
        return new State(conversation, e.seq(), s.costUsd(), task, s.finished());
    }

    private static State applyTaskFinished(State s, TaskFinished e) {
        Map<String, TaskOutcome> finished = new LinkedHashMap<>(s.finished());
        finished.put(e.taskId(), e.outcome());
        return new State(s.conversation(), s.seq(), s.costUsd(), null, Map.copyOf(finished));
    }

    private static List<ChatMessage> append(List<ChatMessage> list, ChatMessage m) {
        List<ChatMessage> copy = new ArrayList<>(list.size() + 1);
        copy.addAll(list);
        copy.add(m);
        return List.copyOf(copy);
    }
}
