package svc.core.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.SupervisorStrategy;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
import org.apache.pekko.cluster.sharding.typed.ClusterShardingSettings;
import org.apache.pekko.cluster.sharding.typed.ShardingEnvelope;
import org.apache.pekko.cluster.sharding.typed.ShardingMessageExtractor;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.cluster.sharding.typed.javadsl.Entity;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityTypeKey;
import org.apache.pekko.persistence.typed.PersistenceId;
import org.apache.pekko.persistence.typed.RecoveryCompleted;
import org.apache.pekko.persistence.typed.javadsl.CommandHandler;
import org.apache.pekko.persistence.typed.javadsl.CommandHandlerBuilder;
import org.apache.pekko.persistence.typed.javadsl.Effect;
import org.apache.pekko.persistence.typed.javadsl.EventHandler;
import org.apache.pekko.persistence.typed.javadsl.EventHandlerBuilder;
import org.apache.pekko.persistence.typed.javadsl.EventSourcedBehavior;
import org.apache.pekko.persistence.typed.javadsl.RetentionCriteria;
import org.apache.pekko.persistence.typed.javadsl.SignalHandler;
import org.slf4j.LoggerFactory;
import svc.config.Json;
import svc.config.io.DiskFull;
import svc.core.CborSerializable;
import svc.core.llm.ChatMessage;
import svc.core.llm.LlmRequest;
import svc.core.llm.LlmResponse;
import svc.core.llm.PriceTable;
import svc.core.llm.ToolCall;
import svc.core.llm.ToolSpec;
import svc.core.llm.Usage;
import svc.core.task.JournalFailure;
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
import svc.governance.permission.Glob;
import svc.persistence.store.WorkingCopy;

/**
 * One agent of one run: an event-sourced loop that asks its model, runs the tools the model
 * calls (delegations included), appends every result and asks again, until the model answers
 * without tool calls. Every message is an event, so the conversation survives any crash; the
 * per-agent conversation file is a projection of this journal.
 *
 * <p>States, one type per phase: {@link Idle} (no task) → {@link Thinking} on {@link TaskStarted}
 * (the next step is a model turn) → {@link Acting} on an {@link AssistantSaid} with tool calls
 * (the next step is the first unanswered call) → {@link Thinking} once every call has its
 * {@link ToolAnswered} → … → {@link Idle} on {@link TaskFinished}. Further tasks wait in order.
 * Each state carries the agent's {@link Memory}: the conversation (an {@link AppendLog}, so
 * folding an event costs O(1)), the line count, the spend, and the outcomes of finished tasks;
 * a snapshot every {@code svc.agents.snapshot-every} events keeps recovery linear in the
 * conversation.
 *
 * <p>What the agent waits for (a permit, a model answer, a tool, an approval, a delegate) is not
 * persisted: on recovery it looks at its conversation and takes the next step again. A tool call
 * with no recorded result runs again; a recorded one never. Every answer comes back through the
 * agent's entity reference ({@link AgentMail}), matched by what the journal says is awaited (the
 * head call's id, the line a model turn answers), so an answer that arrives after a restart or a
 * rebalance is still taken. An agent with a task is never passivated: sharding's idle
 * passivation is off for agents, and an agent passivates itself through its shard once it has
 * been idle for {@code svc.agents.idle-timeout}.
 *
 * <p>Each step starts while the event that ends the previous one is being written (the permit
 * request with the tool result, the tool with the call that asks for it): the journal still
 * holds every line before anything reads it back, answers wait until the write is done, and a
 * crash leaves at worst a call with no recorded result, which runs again. Only a task's end is
 * answered after its write.
 */
public final class AgentEntity extends EventSourcedBehavior<AgentEntity.Command, AgentEntity.Event, AgentEntity.State> {

    public static final EntityTypeKey<Command> ENTITY_TYPE_KEY = EntityTypeKey.create(Command.class, "agent");
    public static final String TAG = "agent";
    static final int KEEP_SNAPSHOTS = 2;
    private static final String DELEGATION_PREFIX = "transfer_to_";
    private static final String IDLE_TIMER = "idle";

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

    /**
     * A task is about to come: start (recover from the journal) now, while the sender still
     * waits for its permit. Nothing else happens.
     */
    public enum Prepare implements Command {
        INSTANCE
    }

    /** Sharding's stop message, on passivation and hand-off. */
    public enum Stop implements Command {
        INSTANCE
    }

    // Answers to what this agent waits for. They come back through the entity reference, so they
    // travel (and are serialized) like any command; package-private for the unit tests.

    /** The run's answer to the permit request {@code key}; {@code refused} is null to proceed. */
    record PermitAnswered(String key, StepPermit.Refuse refused) implements Command {}

    /** The permit request {@code wait} got no answer in time (a paused run answers only on resume). */
    record PermitLost(String key) implements Command {}

    /**
     * The model's answer to the conversation as it was after line {@code afterSeq}, whose
     * {@link #lineKey} was {@code lineKey}; the answer after the POST_LLM guardrails, with what they
     * did ({@code guardrails}).
     */
    record ModelAnswered(long afterSeq, int lineKey, LlmResponse response, long durationMs, List<String> guardrails)
            implements Command {}

    record ModelFailed(long afterSeq, String reason) implements Command {}

    record ToolFinished(String callId, ToolResult result, long durationMs) implements Command {}

    /** The call could not write the run's files: the disk under the artefact store is full. */
    record ToolDiskFull(String callId, String reason) implements Command {}

    /** The permission engine answered ASK for the call and nobody has approved it yet. */
    /** {@code source} and {@code ruleId}: the rule that asked, for the denial if nobody approves. */
    record ToolNeedsApproval(String callId, String reason, String source, String ruleId) implements Command {}

    /** The run's decision on the call's approval gate; {@code refused} is null when approved. */
    record ApprovalAnswered(String callId, StepPermit.Refuse refused) implements Command {}

    record ApprovalLost(String callId) implements Command {}

    /** Timer: the delegate has not answered for a step timeout; ask again. */
    record DelegationOverdue(String callId) implements Command {}

    /** Timer: no task for the idle timeout. */
    enum IdleTimeout implements Command {
        INSTANCE
    }

    /** A limit of {@link AgentLimits} stops the task of the wait {@code key}: {@code kind}, {@code reason}. */
    record LimitReached(String key, String kind, String reason) implements Command {}

    /** Timer: the task {@code taskId} has run for the session timeout. */
    record SessionExpired(String taskId) implements Command {}

    /** Timer: look at how long the current wait has lasted (liveness). */
    record LivenessTick(String key) implements Command {}

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

    /** {@code guardrails}: what the POST_LLM guardrails did to the answer, one line each (empty in older events). */
    public record AssistantSaid(
            String taskId,
            String text,
            List<ToolCall> toolCalls,
            String model,
            Usage usage,
            double costUsd,
            long durationMs,
            long seq,
            Instant at,
            List<String> guardrails)
            implements MessageEvent {
        public AssistantSaid {
            guardrails = guardrails == null ? List.of() : List.copyOf(guardrails);
        }

        public AssistantSaid(
                String taskId,
                String text,
                List<ToolCall> toolCalls,
                String model,
                Usage usage,
                double costUsd,
                long durationMs,
                long seq,
                Instant at) {
            this(taskId, text, toolCalls, model, usage, costUsd, durationMs, seq, at, List.of());
        }
    }

    /**
     * {@code guardrails}: what the POST_TOOL and STORAGE_WRITE guardrails did to the result and to
     * the files the tool wrote, one line each (empty in older events).
     */
    public record ToolAnswered(
            String taskId,
            String callId,
            String tool,
            String content,
            boolean isError,
            Map<String, Object> facts,
            long durationMs,
            long seq,
            Instant at,
            List<String> guardrails)
            implements MessageEvent {
        public ToolAnswered {
            guardrails = guardrails == null ? List.of() : List.copyOf(guardrails);
        }

        public ToolAnswered(
                String taskId,
                String callId,
                String tool,
                String content,
                boolean isError,
                Map<String, Object> facts,
                long durationMs,
                long seq,
                Instant at) {
            this(taskId, callId, tool, content, isError, facts, durationMs, seq, at, List.of());
        }
    }

    public record TaskFinished(String taskId, TaskOutcome outcome, Instant at) implements Event {}

    /**
     * Something the platform did to the agent rather than the agent said: a liveness nudge,
     * warning, stall or interruption, or a limit that stopped its task ({@link #KINDS}). Not a
     * conversation line; shown in the run's stream as {@code agent_notice}.
     */
    public record AgentNoticed(String taskId, String kind, String message, Instant at) implements Event {
        /** The kinds, as the stream names them. */
        public static final List<String> KINDS = List.of(
                NOTICE_NUDGE,
                NOTICE_WARNING,
                NOTICE_STALLED,
                NOTICE_INTERRUPTED,
                NOTICE_SESSION_TIMEOUT,
                NOTICE_CONSECUTIVE_ERRORS,
                NOTICE_TOTAL_ERRORS,
                NOTICE_DISK_FULL);
    }

    public static final String NOTICE_NUDGE = "liveness_nudge";
    public static final String NOTICE_WARNING = "liveness_warning";
    public static final String NOTICE_STALLED = "stalled";
    public static final String NOTICE_INTERRUPTED = "interrupted";
    public static final String NOTICE_SESSION_TIMEOUT = "session_timeout";
    public static final String NOTICE_CONSECUTIVE_ERRORS = "max_consecutive_errors";
    public static final String NOTICE_TOTAL_ERRORS = "max_total_errors";
    public static final String NOTICE_DISK_FULL = "disk_full";

    // ---- state ----------------------------------------------------------------------------

    /** One type per phase of the loop. */
    public sealed interface State extends CborSerializable {
        Memory memory();
    }

    /** A phase with a task: {@link Thinking} or {@link Acting}. */
    public sealed interface Working extends State {
        Task task();
    }

    /** No task; the next one starts at once. */
    public record Idle(Memory memory) implements State {}

    /** A task whose next step is a model turn. */
    public record Thinking(Memory memory, Task task) implements Working {}

    /** A task whose next step is the first of the model's unanswered tool calls. */
    public record Acting(Memory memory, Task task, List<ToolCall> pending) implements Working {
        public Acting {
            pending = List.copyOf(pending);
        }

        ToolCall head() {
            return pending.get(0);
        }
    }

    /** What outlives tasks: the conversation, its last line number, the spend, finished outcomes. */
    /** {@code toolErrors}: the tool calls of this agent in the run that failed (0 in older snapshots). */
    public record Memory(
            AppendLog<ChatMessage> conversation,
            long seq,
            double costUsd,
            AppendLog<Finished> finished,
            long toolErrors) {

        static Memory empty() {
            return new Memory(AppendLog.empty(), 0, 0, AppendLog.empty(), 0);
        }

        Memory said(ChatMessage message, long lineSeq, double cost) {
            return new Memory(conversation.append(message), lineSeq, costUsd + cost, finished, toolErrors);
        }

        Memory erred() {
            return new Memory(conversation, seq, costUsd, finished, toolErrors + 1);
        }

        Memory done(String taskId, TaskOutcome outcome) {
            return new Memory(conversation, seq, costUsd, finished.append(new Finished(taskId, outcome)), toolErrors);
        }

        /** The outcome of a finished task, latest first (a re-sent task is usually a recent one). */
        Optional<TaskOutcome> outcomeOf(String taskId) {
            for (int i = finished.size() - 1; i >= 0; i--) {
                if (finished.get(i).taskId().equals(taskId)) {
                    return Optional.of(finished.get(i).outcome());
                }
            }
            return Optional.empty();
        }
    }

    /** A finished task's outcome, kept to answer a requester that asks again. */
    public record Finished(String taskId, TaskOutcome outcome) {}

    /** The task being worked on: who asked, the delegation chain, model turns so far, facts learnt. */
    /** {@code consecutiveErrors}: the task's tool calls that failed since its last one that did not. */
    public record Task(
            String taskId,
            Requester requester,
            int depth,
            List<String> chain,
            int steps,
            Map<String, Object> facts,
            Instant startedAt,
            int consecutiveErrors) {

        public Task {
            chain = List.copyOf(chain);
            facts = Collections.unmodifiableMap(new LinkedHashMap<>(facts));
        }

        static Task of(TaskStarted e) {
            return new Task(e.taskId(), e.requester(), e.depth(), e.chain(), 0, Map.of(), e.at(), 0);
        }

        Task stepped() {
            return new Task(taskId, requester, depth, chain, steps + 1, facts, startedAt, consecutiveErrors);
        }

        Task learned(Map<String, Object> more) {
            if (more.isEmpty()) {
                return this;
            }
            Map<String, Object> merged = new LinkedHashMap<>(facts);
            merged.putAll(more);
            return new Task(taskId, requester, depth, chain, steps, merged, startedAt, consecutiveErrors);
        }

        Task toolAnswered(boolean isError) {
            return new Task(
                    taskId, requester, depth, chain, steps, facts, startedAt, isError ? consecutiveErrors + 1 : 0);
        }
    }

    // ---- wiring ---------------------------------------------------------------------------

    /**
     * Shards agents with idle passivation off (an agent passivates itself when it has no task)
     * and every agent of a run in the run's shard, so a run's agents live on one node and a new
     * agent of a running run needs no shard allocation.
     */
    public static void init(ActorSystem<?> system, AgentRuntime runtime) {
        ClusterShardingSettings settings =
                ClusterShardingSettings.create(system).withNoPassivationStrategy();
        ClusterSharding.get(system)
                .init(Entity.of(ENTITY_TYPE_KEY, ctx -> create(ctx.getEntityId(), runtime, ctx.getShard()))
                        .withSettings(settings)
                        .withStopMessage(Stop.INSTANCE)
                        .withMessageExtractor(new ShardByRun(settings.numberOfShards())));
    }

    /** Agents reached through their sharded entity references. */
    public static AgentMail shardedMail(ActorSystem<?> system) {
        ClusterSharding sharding = ClusterSharding.get(system);
        return (runId, agent, command) ->
                sharding.entityRefFor(ENTITY_TYPE_KEY, entityId(runId, agent)).tell(command);
    }

    public static String entityId(String runId, String agent) {
        return runId + "|" + agent;
    }

    private static String runIdOf(String entityId) {
        int bar = entityId.indexOf('|');
        return bar < 0 ? entityId : entityId.substring(0, bar);
    }

    /** The shard of an agent is its run's. */
    static final class ShardByRun extends ShardingMessageExtractor<ShardingEnvelope<Command>, Command> {
        private final int shards;

        ShardByRun(int shards) {
            this.shards = shards;
        }

        @Override
        public String entityId(ShardingEnvelope<Command> envelope) {
            return envelope.entityId();
        }

        @Override
        public String shardId(String entityId) {
            return Integer.toString(Math.floorMod(runIdOf(entityId).hashCode(), shards));
        }

        @Override
        public Command unwrapMessage(ShardingEnvelope<Command> envelope) {
            return envelope.message();
        }
    }

    /** {@code shard} receives the agent's passivation request when it has been idle long enough. */
    public static Behavior<Command> create(
            String entityId, AgentRuntime runtime, ActorRef<ClusterSharding.ShardCommand> shard) {
        String runId = runIdOf(entityId);
        AgentProfile profile = runtime.directory().get(entityId.substring(runId.length() + 1));
        Behavior<Command> behavior = Behaviors.setup(
                ctx -> Behaviors.withTimers(timers -> new AgentEntity(ctx, timers, shard, runId, profile, runtime)));
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
    private final ActorRef<ClusterSharding.ShardCommand> shard;
    private final String runId;
    private final AgentProfile profile;
    private final AgentRuntime runtime;
    /**
     * Where answers are handed to the mail: the thread that completes them. The callback only
     * sends a message (thread-safe), so a hop to another thread would only add latency.
     */
    private static final Executor WHERE_COMPLETED = Runnable::run;

    private final List<ToolSpec> toolSpecs;
    private final EventHandler<State, Event> folds;
    /** Tasks that arrived while another was active; requesters re-send them after a crash. */
    private final Deque<AssignTask> queue = new ArrayDeque<>();
    /** Calls a person approved (ASK gates) since this incarnation started; lost on restart, re-asked. */
    private final Set<String> approvedCalls = new HashSet<>();
    /** The ASK verdict of each call waiting for a person, for the denial if the answer is no. */
    private final Map<String, ToolPermissions.Verdict> asked = new HashMap<>();
    /**
     * What this incarnation waits for (see the {@code …Wait} helpers), or null when it must take
     * the next step. Answers to anything else are stale and dropped, unless the journal says they
     * are still awaited (a tool result for the head call, a model answer for the last line).
     */
    private String awaiting;

    /**
     * The model of this incarnation's last answer: the spend a permit request reports since the
     * previous one is that call's. Unknown after a restart, when the profile's model stands in.
     */
    private String spentOn;

    /** The task whose session timer runs (null: none). */
    private String sessionTimerFor;

    /** When the watched wait began (liveness), the nudges sent in it, and whether warned or stalled. */
    private Instant waitStarted;

    private int nudges;
    private boolean warned;
    private boolean stalled;

    private AgentEntity(
            ActorContext<Command> context,
            TimerScheduler<Command> timers,
            ActorRef<ClusterSharding.ShardCommand> shard,
            String runId,
            AgentProfile profile,
            AgentRuntime runtime) {
        // agent|<run>|<agent>: the run id and agent name stay readable in the journal.
        super(
                PersistenceId.ofUniqueId(ENTITY_TYPE_KEY.name() + "|" + entityId(runId, profile.name())),
                JournalFailure.RESTART_WITH_BACKOFF);
        this.context = context;
        this.timers = timers;
        this.shard = shard;
        this.runId = runId;
        this.profile = profile;
        this.runtime = runtime;
        this.toolSpecs = toolSpecs(profile, runtime);
        this.folds = buildFolds();
    }

    private static List<ToolSpec> toolSpecs(AgentProfile profile, AgentRuntime runtime) {
        List<ToolSpec> specs = new ArrayList<>();
        for (String name : profile.tools()) {
            if (isDynamic(name, runtime)) {
                continue; // listed by its server, off the actor: see callModel
            }
            runtime.tools()
                    .find(name)
                    .ifPresent(t -> specs.add(new ToolSpec(t.name(), t.description(), t.inputSchemaJson())));
        }
        for (String delegate : profile.delegates()) {
            String role = runtime.directory()
                    .find(delegate)
                    .map(p -> p.team() + " " + p.tier().name().toLowerCase())
                    .orElse("agent");
            specs.add(new ToolSpec(
                    Delegation.toolName(delegate),
                    "Hand a task to " + delegate + " (" + role + ") and get its answer back.",
                    "{\"type\":\"object\",\"properties\":{\"task\":{\"type\":\"string\","
                            + "\"description\":\"what to do, with all context the delegate needs\"}},"
                            + "\"required\":[\"task\"]}"));
        }
        return List.copyOf(specs);
    }

    /**
     * An entry whose tools a source must list (an MCP server, started on first need): a glob, or
     * a name under a source's prefix. Such entries are resolved before each model call, on the
     * blocking dispatcher, so a server that starts (or restarts with other tools) is seen.
     */
    private static boolean isDynamic(String entry, AgentRuntime runtime) {
        return entry.indexOf('*') >= 0
                || entry.indexOf('?') >= 0
                || runtime.tools().fromSource(entry);
    }

    /** The tool specs of this call: the fixed ones plus what the dynamic entries match now. May block. */
    private List<ToolSpec> currentToolSpecs() {
        List<String> dynamic =
                profile.tools().stream().filter(e -> isDynamic(e, runtime)).toList();
        List<ToolSpec> specs = new ArrayList<>(toolSpecs);
        for (Tool t : runtime.tools().matching(dynamic)) {
            if (specs.stream().noneMatch(s -> s.name().equals(t.name()))) {
                specs.add(new ToolSpec(t.name(), t.description(), t.inputSchemaJson()));
            }
        }
        return specs;
    }

    /** Whether one of the profile's entries (names or globs) covers the tool. */
    private boolean mayCall(String tool) {
        return profile.tools().stream().anyMatch(e -> Glob.matches(e, tool));
    }

    @Override
    public State emptyState() {
        return new Idle(Memory.empty());
    }

    @Override
    public Set<String> tagsFor(Event event) {
        return Set.of(TAG);
    }

    @Override
    public RetentionCriteria retentionCriteria() {
        return RetentionCriteria.snapshotEvery(runtime.settings().agentSnapshotEvery(), KEEP_SNAPSHOTS);
    }

    @Override
    public SignalHandler<State> signalHandler() {
        return newSignalHandlerBuilder()
                .onSignal(RecoveryCompleted.instance(), this::advance)
                .build();
    }

    // ---- command handlers -----------------------------------------------------------------

    @Override
    public CommandHandler<Command, Event, State> commandHandler() {
        CommandHandlerBuilder<Command, Event, State> b = newCommandHandlerBuilder();
        b.forStateType(Idle.class).onCommand(IdleTimeout.class, this::onIdleTimeout);
        b.forStateType(Thinking.class)
                .onCommand(LimitReached.class, this::onLimitReached)
                .onCommand(SessionExpired.class, this::onSessionExpired)
                .onCommand(LivenessTick.class, this::onLivenessTick)
                .onCommand(PermitAnswered.class, this::onStepPermit)
                .onCommand(ModelAnswered.class, this::onModelAnswered)
                .onCommand(ModelFailed.class, this::onModelFailed);
        b.forStateType(Acting.class)
                .onCommand(LimitReached.class, this::onLimitReached)
                .onCommand(SessionExpired.class, this::onSessionExpired)
                .onCommand(LivenessTick.class, this::onLivenessTick)
                .onCommand(PermitAnswered.class, this::onDelegationPermit)
                .onCommand(ToolFinished.class, this::onToolFinished)
                .onCommand(ToolDiskFull.class, this::onToolDiskFull)
                .onCommand(ToolNeedsApproval.class, this::onToolNeedsApproval)
                .onCommand(ApprovalAnswered.class, this::onApprovalAnswered)
                .onCommand(ApprovalLost.class, this::onApprovalLost)
                .onCommand(DelegationAnswered.class, this::onDelegationAnswered)
                .onCommand(DelegationOverdue.class, this::onDelegationOverdue);
        // Everything else is an answer to a wait another phase had: stale, dropped.
        b.forAnyState()
                .onCommand(AssignTask.class, this::onAssignTask)
                .onCommand(PermitLost.class, this::onPermitLost)
                .onCommand(Prepare.class, this::onPrepare)
                .onCommand(Stop.class, (s, c) -> Effect().stop())
                .onAnyCommand(() -> Effect().none());
        return b.build();
    }

    private Effect<Event, State> onAssignTask(State state, AssignTask cmd) {
        Optional<TaskOutcome> done = state.memory().outcomeOf(cmd.taskId());
        if (done.isPresent()) {
            reply(cmd.taskId(), cmd.requester(), done.get());
            return Effect().none();
        }
        boolean known = (state instanceof Working w && w.task().taskId().equals(cmd.taskId()))
                || queue.stream().anyMatch(q -> q.taskId().equals(cmd.taskId()));
        if (known) {
            return Effect().none();
        }
        if (state instanceof Working) {
            queue.addLast(cmd);
            return Effect().none();
        }
        timers.cancel(IDLE_TIMER);
        return record(
                state,
                List.of(new TaskStarted(
                        cmd.taskId(),
                        cmd.requester(),
                        cmd.text(),
                        cmd.depth(),
                        cmd.chain(),
                        state.memory().seq() + 1,
                        Instant.now())));
    }

    private Effect<Event, State> onPrepare(State state, Prepare cmd) {
        if (state instanceof Idle && queue.isEmpty()) {
            timers.startSingleTimer(
                    IDLE_TIMER, IdleTimeout.INSTANCE, runtime.settings().agentIdleTimeout());
        }
        return Effect().none();
    }

    private Effect<Event, State> onIdleTimeout(Idle state, IdleTimeout cmd) {
        if (queue.isEmpty() && awaiting == null) {
            // The shard stops us (Stop) and keeps any message that arrives meanwhile for the next start.
            shard.tell(new ClusterSharding.Passivate<>(context.getSelf()));
        }
        return Effect().none();
    }

    /**
     * Persists, then publishes the events live, answers the requester when a task ended, and
     * takes the next step. The next step starts before the write completes unless the task
     * ended: an answer is sent only after the journal has the outcome (if it is lost, the
     * requester asks again and gets the stored outcome).
     */
    private Effect<Event, State> record(State before, List<Event> events) {
        State next = before;
        for (Event e : events) {
            next = folds.apply(next, e);
        }
        if (next instanceof Working) {
            advance(next);
        }
        Task task = before instanceof Working w ? w.task() : null;
        return Effect().persist(events).thenRun(after -> {
            long seqNr = lastSequenceNumber(context) - events.size();
            for (Event e : events) {
                runtime.liveFeed().publish(runId, profile.name(), ++seqNr, e);
                trace(e, task);
                if (e instanceof TaskFinished f && task != null && task.taskId().equals(f.taskId())) {
                    reply(f.taskId(), task.requester(), f.outcome());
                }
            }
            advance(after);
        });
    }

    /** Takes the next step the journal calls for, unless this incarnation already waits for one. */
    private void advance(State state) {
        if (state instanceof Working w) {
            startSessionTimer(w.task());
        }
        if (awaiting != null) {
            return;
        }
        if (state instanceof Idle) {
            if (sessionTimerFor != null) {
                timers.cancel(SESSION_TIMER);
                sessionTimerFor = null;
            }
            AssignTask next = queue.pollFirst();
            if (next != null) {
                self(next);
            } else {
                timers.startSingleTimer(
                        IDLE_TIMER, IdleTimeout.INSTANCE, runtime.settings().agentIdleTimeout());
            }
            return;
        }
        timers.cancel(IDLE_TIMER);
        Working working = (Working) state;
        Optional<LimitReached> limit = limitReached(working);
        if (limit.isPresent()) {
            awaiting = limit.get().key();
            self(limit.get());
            return;
        }
        if (state instanceof Thinking t) {
            long seq = t.memory().seq();
            int max = runtime.settings().maxStepsPerTask();
            if (t.task().steps() >= max) {
                awaiting = modelWait(seq);
                self(new ModelFailed(seq, "the task took more than " + max + " model turns"));
                return;
            }
            takeTurn(t);
            return;
        }
        Acting a = (Acting) state;
        ToolCall call = a.head();
        if (!isDelegation(call)) {
            runTool(a, call);
            return;
        }
        String refusal = delegationRefusal(a.task(), call);
        if (refusal != null) {
            awaiting = toolWait(call.id());
            self(new ToolFinished(call.id(), ToolResult.error(refusal), 0));
            return;
        }
        screenDelegation(a, call);
    }

    /**
     * The AGENT_DELEGATE hooks, past G10, then the run's count of the delegation, chained off the
     * actor so that both run while the call's event is being written: the answer (a
     * {@link PermitAnswered}) is taken once the write is done. The hooks run on the blocking
     * dispatcher (a shell hook runs a process); a refusal is the call's error, as G10's is. A hook
     * pipeline that fails lets the delegation go on, as a failed hook does not block. The delegate
     * recovers from its journal while the run counts. Should the call's event be lost in a crash,
     * the delegation was counted for nothing; the count errs on the side of the limit.
     */
    private void screenDelegation(Acting state, ToolCall call) {
        String wait = delegationWait(call.id());
        awaiting = wait;
        String target = delegateOf(call);
        StepRequest request = stepRequest(state.memory().costUsd(), true);
        CompletableFuture.supplyAsync(
                        () -> runtime.permissions()
                                .checkDelegation(runId, profile.name(), target, call.argumentsJson()),
                        runtime.blockingExecutor())
                .whenCompleteAsync(
                        (refused, failure) -> {
                            if (failure == null && refused.isPresent()) {
                                self(new ToolFinished(call.id(), ToolResult.error(refused.get()), 0));
                                return;
                            }
                            if (failure != null) {
                                // Not the actor's logger: this runs on the thread the screen ended on.
                                LoggerFactory.getLogger(AgentEntity.class)
                                        .warn(
                                                "the AGENT_DELEGATE hooks failed on {}, the delegation goes on: {}",
                                                call.name(),
                                                failure.toString());
                            }
                            runtime.mail().tell(runId, target, Prepare.INSTANCE);
                            runtime.runs()
                                    .requestStep(request)
                                    .whenCompleteAsync(
                                            (permit, lost) -> self(
                                                    permit == null
                                                            ? new PermitLost(wait)
                                                            : new PermitAnswered(
                                                                    wait,
                                                                    permit instanceof StepPermit.Refuse r ? r : null)),
                                            WHERE_COMPLETED);
                        },
                        WHERE_COMPLETED);
    }

    // ---- limits and liveness (AgentLimits) ----------------------------------------------

    private static final String SESSION_TIMER = "session";
    private static final String LIVENESS_TIMER = "liveness";

    /** The limit the task has reached before its next step, if any. */
    private Optional<LimitReached> limitReached(Working state) {
        AgentLimits limits = runtime.settings().agentLimits();
        Task task = state.task();
        String wait = "limit " + task.taskId() + " " + state.memory().seq();
        if (limits.maxTotalErrors() > 0 && state.memory().toolErrors() >= limits.maxTotalErrors()) {
            return Optional.of(new LimitReached(
                    wait,
                    NOTICE_TOTAL_ERRORS,
                    profile.name() + " is stopped: " + state.memory().toolErrors()
                            + " of its tool calls failed in this run (max_total_errors " + limits.maxTotalErrors()
                            + ")"));
        }
        if (limits.maxConsecutiveErrors() > 0 && task.consecutiveErrors() >= limits.maxConsecutiveErrors()) {
            return Optional.of(new LimitReached(
                    wait,
                    NOTICE_CONSECUTIVE_ERRORS,
                    profile.name() + "'s task is stopped: its last " + task.consecutiveErrors()
                            + " tool calls failed (max_consecutive_errors " + limits.maxConsecutiveErrors() + ")"));
        }
        if (sessionOver(task)) {
            return Optional.of(new LimitReached(wait, NOTICE_SESSION_TIMEOUT, sessionReason(task)));
        }
        return Optional.empty();
    }

    private boolean sessionOver(Task task) {
        Duration timeout = runtime.settings().agentLimits().sessionTimeout();
        return !timeout.isZero()
                && task.startedAt() != null
                && !Duration.between(task.startedAt(), Instant.now())
                        .minus(timeout)
                        .isNegative();
    }

    private String sessionReason(Task task) {
        return profile.name() + "'s session is stopped: its task ran longer than the session timeout of "
                + runtime.settings().agentLimits().sessionTimeout().toSeconds() + " s";
    }

    /** A timer that stops the task at its session timeout, even in the middle of a wait. */
    private void startSessionTimer(Task task) {
        Duration timeout = runtime.settings().agentLimits().sessionTimeout();
        if (timeout.isZero() || task.taskId().equals(sessionTimerFor) || task.startedAt() == null) {
            return;
        }
        Duration left = timeout.minus(Duration.between(task.startedAt(), Instant.now()));
        timers.startSingleTimer(
                SESSION_TIMER, new SessionExpired(task.taskId()), left.isNegative() ? Duration.ZERO : left);
        sessionTimerFor = task.taskId();
    }

    private Effect<Event, State> onLimitReached(Working state, LimitReached msg) {
        if (!msg.key().equals(awaiting)) {
            return Effect().none();
        }
        awaiting = null;
        return stop(state, msg.kind(), msg.reason());
    }

    private Effect<Event, State> onSessionExpired(Working state, SessionExpired msg) {
        if (!state.task().taskId().equals(msg.taskId())) {
            return Effect().none();
        }
        // Whatever it waits for now answers a finished task, and is dropped as stale.
        awaiting = null;
        timers.cancel(LIVENESS_TIMER);
        return stop(state, NOTICE_SESSION_TIMEOUT, sessionReason(state.task()));
    }

    /** Ends the task with the notice of why, both in the journal and the run's stream. */
    private Effect<Event, State> stop(Working state, String kind, String reason) {
        context.getLog().warn("{}", reason);
        Instant now = Instant.now();
        TaskOutcome outcome = new TaskOutcome(
                false,
                TaskText.render(
                        "Stopped: " + reason,
                        Json.object().put("ok", false).put("error", reason).put("stopped", kind)),
                state.task().facts());
        return record(
                state,
                List.of(
                        new AgentNoticed(state.task().taskId(), kind, reason, now),
                        new TaskFinished(state.task().taskId(), outcome, now)));
    }

    /** The agent starts waiting for its own model, tool or delegate: liveness watches from now. */
    private void watchWait(String wait) {
        AgentLimits.Liveness l = runtime.settings().agentLimits().liveness();
        if (!l.enabled()) {
            return;
        }
        waitStarted = Instant.now();
        nudges = 0;
        warned = false;
        stalled = false;
        scheduleLiveness(wait);
    }

    private void scheduleLiveness(String wait) {
        AgentLimits.Liveness l = runtime.settings().agentLimits().liveness();
        Duration next = null;
        if (nudges < l.maxNudges()) {
            next = l.nudgeAfter().plus(l.nudgeInterval().multipliedBy(nudges));
        }
        if (!warned) {
            next = next == null || l.warnAfter().compareTo(next) < 0 ? l.warnAfter() : next;
        }
        if (!stalled) {
            next = next == null || l.stallTimeout().compareTo(next) < 0 ? l.stallTimeout() : next;
        }
        if (next == null) {
            timers.cancel(LIVENESS_TIMER);
            return;
        }
        Duration left = next.minus(Duration.between(waitStarted, Instant.now()));
        timers.startSingleTimer(LIVENESS_TIMER, new LivenessTick(wait), left.isNegative() ? Duration.ZERO : left);
    }

    private Effect<Event, State> onLivenessTick(Working state, LivenessTick msg) {
        if (!msg.key().equals(awaiting) || waitStarted == null) {
            // The wait it watched is over; the next one starts its own watch.
            return Effect().none();
        }
        AgentLimits.Liveness l = runtime.settings().agentLimits().liveness();
        Duration idle = Duration.between(waitStarted, Instant.now());
        String what = profile.name() + " has waited " + idle.toSeconds() + " s for " + waitedFor(msg.key());
        String taskId = state.task().taskId();
        Instant now = Instant.now();
        List<Event> notices = new ArrayList<>();
        if (nudges < l.maxNudges()
                && !idle.minus(l.nudgeAfter().plus(l.nudgeInterval().multipliedBy(nudges)))
                        .isNegative()) {
            nudges++;
            notices.add(new AgentNoticed(
                    taskId,
                    NOTICE_NUDGE,
                    what + nudge(state) + " (nudge " + nudges + " of " + l.maxNudges() + ")",
                    now));
        }
        if (!warned && !idle.minus(l.warnAfter()).isNegative()) {
            warned = true;
            notices.add(new AgentNoticed(taskId, NOTICE_WARNING, what, now));
            context.getLog().warn("{}", what);
        }
        if (!stalled && !idle.minus(l.stallTimeout()).isNegative()) {
            stalled = true;
            notices.add(new AgentNoticed(
                    taskId,
                    NOTICE_STALLED,
                    what + ": stalled (stall timeout " + l.stallTimeout().toSeconds() + " s)",
                    now));
            if (l.autoInterrupt()) {
                awaiting = null;
                timers.cancel(LIVENESS_TIMER);
                String reason = profile.name() + " was interrupted: it waited " + idle.toSeconds() + " s for "
                        + waitedFor(msg.key()) + " (stall timeout "
                        + l.stallTimeout().toSeconds()
                        + " s, auto_interrupt_stalled)";
                List<Event> events = new ArrayList<>(notices);
                events.addAll(List.of(
                        new AgentNoticed(taskId, NOTICE_INTERRUPTED, reason, now),
                        new TaskFinished(
                                taskId,
                                new TaskOutcome(
                                        false,
                                        TaskText.render(
                                                "Stopped: " + reason,
                                                Json.object()
                                                        .put("ok", false)
                                                        .put("error", reason)
                                                        .put("stopped", NOTICE_INTERRUPTED)),
                                        state.task().facts()),
                                now)));
                context.getLog().warn("{}", reason);
                return record(state, events);
            }
        }
        scheduleLiveness(msg.key());
        return notices.isEmpty() ? Effect().none() : record(state, notices);
    }

    /**
     * A nudge re-sends what can be re-sent without doing anything twice: a delegation's task
     * (the delegate answers again if it is done, and starts from its journal if it was stopped).
     * A model turn or a tool in flight cannot be hurried; the nudge is then only recorded.
     */
    private String nudge(Working state) {
        if (state instanceof Acting a
                && awaiting != null
                && awaiting.equals(delegateWait(a.head().id()))) {
            resendDelegation(a.task(), a.head());
            return "; the task was sent to " + delegateOf(a.head()) + " again";
        }
        return "";
    }

    private static String waitedFor(String wait) {
        if (wait.startsWith("model ")) {
            return "its model's answer";
        }
        if (wait.startsWith("tool ")) {
            return "a tool";
        }
        return "a delegate";
    }

    private static String stepWait(long seq) {
        return "permit after " + seq;
    }

    private static String modelWait(long seq) {
        return "model after " + seq;
    }

    private static String toolWait(String callId) {
        return "tool " + callId;
    }

    private static String approvalWait(String callId) {
        return "approval " + callId;
    }

    private static String delegationWait(String callId) {
        return "delegation permit " + callId;
    }

    private static String delegateWait(String callId) {
        return "delegate " + callId;
    }

    /** Sends to this agent through its entity reference, so a later incarnation gets it too. */
    private void self(Command command) {
        runtime.mail().tell(runId, profile.name(), command);
    }

    // ---- permits --------------------------------------------------------------------------

    /**
     * A model turn: the run's permit, then at once the model call, both off the actor. The turn
     * starts while the event before it (the task, or the last tool result) is being written; its
     * answers are taken once that write is done, so the journal still holds every line before the
     * line that answers it. Should that event be lost in a crash, the model's answer is dropped
     * with it (it answers a line the journal does not have) and the step is taken again, as for
     * any model call in flight at a crash.
     */
    private void takeTurn(Thinking state) {
        String wait = stepWait(state.memory().seq());
        awaiting = wait;
        runtime.runs()
                .requestStep(stepRequest(state.memory().costUsd(), false))
                .whenCompleteAsync(
                        (permit, failure) -> {
                            if (permit instanceof StepPermit.Proceed) {
                                // Sent before the call starts, so it arrives before the call's answer.
                                self(new PermitAnswered(wait, null));
                                callModel(state);
                            } else {
                                self(
                                        permit == null
                                                ? new PermitLost(wait)
                                                : new PermitAnswered(wait, (StepPermit.Refuse) permit));
                            }
                        },
                        WHERE_COMPLETED);
    }

    /** What the agent asks of its run before a step; built on the actor's thread (it reads {@code spentOn}). */
    private StepRequest stepRequest(double costUsd, boolean delegation) {
        return new StepRequest(
                runId,
                profile.name(),
                costUsd,
                delegation,
                spentOn != null ? spentOn : profile.model(),
                runtime.providers().apply(profile).kind());
    }

    private Effect<Event, State> onPermitLost(State state, PermitLost msg) {
        if (!msg.key().equals(awaiting)) {
            return Effect().none();
        }
        // A paused run answers only when resumed; ask again rather than give up.
        awaiting = null;
        advance(state);
        return Effect().none();
    }

    private Effect<Event, State> onStepPermit(Thinking state, PermitAnswered msg) {
        if (!msg.key().equals(awaiting)) {
            return Effect().none();
        }
        awaiting = null;
        if (msg.refused() != null) {
            // The run ended, failed or was cancelled (a step is never refused for a limit that lets the task go on).
            return abort(state, msg.refused().reason());
        }
        // The model call is already on its way (see takeTurn): from now on its answer is awaited.
        awaiting = modelWait(state.memory().seq());
        watchWait(awaiting);
        return Effect().none();
    }

    private Effect<Event, State> abort(Working state, String reason) {
        queue.clear();
        TaskOutcome outcome = new TaskOutcome(
                false,
                TaskText.render(
                        "Stopped: " + reason, Json.object().put("ok", false).put("error", reason)),
                Map.of());
        return record(state, List.of(new TaskFinished(state.task().taskId(), outcome, Instant.now())));
    }

    // ---- model turns ----------------------------------------------------------------------

    /**
     * Sends the conversation to the model and its answer to this agent's mail; off the actor
     * (it touches no state of this incarnation).
     */
    private void callModel(Thinking state) {
        long seq = state.memory().seq();
        List<ChatMessage> conversation = state.memory().conversation().asList();
        String system = profile.systemPrompt();
        String model = profile.model();
        Optional<MergeSupervisor> supervisor = runtime.directory().supervisor();
        if (supervisor.isPresent() && MergeSupervisor.isMerge(state.task().taskId())) {
            // The settings file's supervisor drives the merge of a stage's parallel research.
            if (supervisor.get().prompt() != null) {
                // The merger may still hand work to its team: it keeps the list of who does what.
                system = supervisor.get().prompt()
                        + RosterProfiles.teamSection(
                                profile.delegates(),
                                d -> runtime.directory()
                                        .find(d)
                                        .map(AgentProfile::tools)
                                        .orElse(List.of()));
            }
            model = supervisor.get().model() != null ? supervisor.get().model() : model;
        }
        String systemPrompt = system;
        String chosenModel = model;
        long started = System.nanoTime();
        boolean dynamic = profile.tools().stream().anyMatch(e -> isDynamic(e, runtime));
        // The PRE_LLM screen (guardrails, then hooks, which may run a process) and the listing of MCP
        // servers' tools (a server may have to start) are off the actor's thread.
        CompletableFuture<LlmResponse> answer = CompletableFuture.supplyAsync(
                        () -> runtime.permissions().screenPrompt(runId, profile.name(), conversation),
                        runtime.blockingExecutor())
                .thenComposeAsync(
                        injection -> {
                            if (injection.isPresent()) {
                                return CompletableFuture.failedFuture(
                                        new NotSent("the conversation was not sent: " + injection.get()));
                            }
                            List<ToolSpec> offered = dynamic ? currentToolSpecs() : toolSpecs;
                            LlmRequest request = new LlmRequest(
                                    profile.name(), chosenModel, systemPrompt, conversation, offered, 4096);
                            try {
                                return runtime.providers().apply(profile).complete(request);
                            } catch (RuntimeException e) {
                                return CompletableFuture.failedFuture(e);
                            }
                        },
                        runtime.blockingExecutor());
        // The answer is screened (POST_LLM) before it is journalled or acted on, off the actor's thread.
        answer.orTimeout(runtime.settings().stepTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .thenApplyAsync(
                        response -> runtime.permissions().screenAnswer(runId, profile.name(), response),
                        runtime.blockingExecutor())
                .whenCompleteAsync(
                        (screened, failure) -> self(
                                failure == null
                                        ? new ModelAnswered(
                                                seq,
                                                lineKey(conversation),
                                                screened.response(),
                                                (System.nanoTime() - started) / 1_000_000,
                                                screened.guardrails())
                                        : new ModelFailed(seq, describe(failure))),
                        WHERE_COMPLETED);
    }

    private Effect<Event, State> onModelAnswered(Thinking state, ModelAnswered msg) {
        // Taken whoever asked (this incarnation or one before it) if it answers the last line. A call
        // starts while that line is being written (takeTurn): should the write fail, the line written
        // again after the restart may differ (a tool run again), and an answer to the lost one is dropped.
        if (msg.afterSeq() != state.memory().seq()
                || msg.lineKey() != lineKey(state.memory().conversation().asList())) {
            return Effect().none();
        }
        awaiting = null;
        LlmResponse r = msg.response();
        String model = r.model().isEmpty() ? profile.model() : r.model();
        spentOn = model;
        double cost = PriceTable.costUsd(model, r.usage());
        Instant now = Instant.now();
        String taskId = state.task().taskId();
        List<Event> events = new ArrayList<>();
        events.add(new AssistantSaid(
                taskId,
                r.text(),
                r.toolCalls(),
                model,
                r.usage(),
                cost,
                msg.durationMs(),
                state.memory().seq() + 1,
                now,
                msg.guardrails()));
        if (r.toolCalls().isEmpty()) {
            events.add(new TaskFinished(
                    taskId, TaskOutcome.fromAnswer(r.text(), state.task().facts()), now));
        }
        return record(state, events);
    }

    private Effect<Event, State> onModelFailed(Thinking state, ModelFailed msg) {
        if (!modelWait(msg.afterSeq()).equals(awaiting)) {
            return Effect().none();
        }
        awaiting = null;
        String reason = profile.name() + " could not get an answer from its model: " + msg.reason();
        context.getLog().warn("{}", reason);
        TaskOutcome outcome = new TaskOutcome(
                false,
                TaskText.render(reason, Json.object().put("ok", false).put("error", reason)),
                state.task().facts());
        return record(state, List.of(new TaskFinished(state.task().taskId(), outcome, Instant.now())));
    }

    // ---- tools ----------------------------------------------------------------------------

    private void runTool(Acting state, ToolCall call) {
        awaiting = toolWait(call.id());
        watchWait(awaiting);
        Tool tool = mayCall(call.name()) ? runtime.tools().find(call.name()).orElse(null) : null;
        if (tool == null) {
            self(new ToolFinished(
                    call.id(),
                    ToolResult.error(call.name() + " is not one of your tools; yours are " + profile.tools()),
                    0));
            return;
        }
        ToolContext toolContext = new ToolContext(
                runId,
                profile.name(),
                runtime.settings().runDir(runId),
                state.task().facts());
        boolean approved = approvedCalls.contains(call.id());
        long started = System.nanoTime();
        // Governance and the tool both run on the blocking dispatcher: either may read files.
        CompletableFuture.supplyAsync(() -> governedCall(toolContext, tool, call, approved), runtime.blockingExecutor())
                .orTimeout(runtime.settings().stepTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .whenCompleteAsync(
                        (result, failure) -> {
                            Throwable cause = unwrap(failure);
                            if (cause instanceof ApprovalRequired ask) {
                                self(new ToolNeedsApproval(
                                        call.id(), ask.getMessage(), ask.verdict.source(), ask.verdict.ruleId()));
                                return;
                            }
                            if (failure != null && DiskFull.in(failure)) {
                                self(new ToolDiskFull(call.id(), diskFullReason(call.name(), describe(failure))));
                                return;
                            }
                            self(new ToolFinished(
                                    call.id(),
                                    failure == null
                                            ? result
                                            : ToolResult.error(call.name() + " failed: " + describe(failure)),
                                    (System.nanoTime() - started) / 1_000_000));
                        },
                        WHERE_COMPLETED);
    }

    /**
     * The run's files brought up to date from the store, the governed call, then what it wrote sent
     * to the store, so the next tool of the run finds it on whichever node it runs.
     */
    private ToolResult governedCall(ToolContext toolContext, Tool tool, ToolCall call, boolean approved) {
        try (WorkingCopy.Lease lease = runtime.files().lease(runId)) {
            runtime.files().pull(runId);
            ToolResult result = governedCallHere(toolContext, tool, call, approved);
            if (!result.ok() && DiskFull.in(result.contentJson())) {
                // A tool that reports its own I/O failures as a result: the disk is as full as if it had thrown.
                throw new DiskFullFailure(result.contentJson());
            }
            runtime.files().push(runId);
            return result;
        }
    }

    /** Permission check, the tool, then the result as the model may see it; on the blocking dispatcher. */
    private ToolResult governedCallHere(ToolContext toolContext, Tool tool, ToolCall call, boolean approved) {
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
            throw new ApprovalRequired(verdict);
        }
        if (!verdict.allowed() && !verdict.needsApproval()) {
            return ToolResult.error("permission denied by " + verdict.source() + ": " + verdict.reason());
        }
        ToolResult raw;
        try {
            raw = tool.invoke(toolContext, Json.parse(call.argumentsJson()));
        } catch (Exception e) {
            if (DiskFull.in(e)) {
                // Not an answer for the model to work around: no step of the run can write its files.
                throw new DiskFullFailure(describe(e), e);
            }
            raw = ToolResult.error(call.name() + " failed: " + describe(e));
        }
        return runtime.permissions().afterTool(toolContext, call.name(), raw);
    }

    /**
     * What tells the last line of a conversation from another line with the same number: a hash of
     * its fields that is the same in every JVM (strings and the role's name, not the enum's identity).
     */
    static int lineKey(List<ChatMessage> conversation) {
        if (conversation.isEmpty()) {
            return 0;
        }
        ChatMessage last = conversation.get(conversation.size() - 1);
        return Objects.hash(
                last.role().name(),
                last.content(),
                last.toolCallId(),
                last.isError(),
                last.toolCalls().size());
    }

    /** The PRE_LLM screen stopped the conversation from going to the model. */
    private static final class NotSent extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NotSent(String reason) {
            super(reason, null, false, false);
        }
    }

    /** A write of the run's files failed for want of space (see {@link DiskFull}). */
    private static final class DiskFullFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        DiskFullFailure(String message) {
            super(message, null, false, false);
        }

        DiskFullFailure(String message, Throwable cause) {
            super(message, cause, false, false);
        }
    }

    /** The permission engine answered ASK and nobody has approved this call yet. */
    private static final class ApprovalRequired extends RuntimeException {
        private static final long serialVersionUID = 1L;

        private final transient ToolPermissions.Verdict verdict;

        ApprovalRequired(ToolPermissions.Verdict verdict) {
            super(verdict.source() + ": " + verdict.reason(), null, false, false);
            this.verdict = verdict;
        }
    }

    private Effect<Event, State> onToolFinished(Acting state, ToolFinished msg) {
        // Taken whoever ran it: the journal says the head call still has no result.
        if (!state.head().id().equals(msg.callId())) {
            return Effect().none();
        }
        awaiting = null;
        timers.cancel(overdueTimer(msg.callId()));
        return answer(state, msg.result(), msg.durationMs());
    }

    /**
     * The disk under the run's files is full. Retrying would fail the same way (and the model
     * would be asked again and again), so the run fails with the reason and this task stops; the
     * other agents' next steps are refused by the failed run.
     */
    private Effect<Event, State> onToolDiskFull(Acting state, ToolDiskFull msg) {
        if (!state.head().id().equals(msg.callId())) {
            return Effect().none();
        }
        awaiting = null;
        timers.cancel(overdueTimer(msg.callId()));
        runtime.runs().failRun(runId, msg.reason());
        return stop(state, NOTICE_DISK_FULL, msg.reason());
    }

    /** What the run's record says: the disk is full, where, and what could not be written. */
    private String diskFullReason(String tool, String detail) {
        return "disk full: the artefact store " + runtime.files().store().describe() + " has no space left; " + tool
                + " (agent " + profile.name() + ") could not write: " + detail;
    }

    private Effect<Event, State> answer(Acting state, ToolResult result, long durationMs) {
        ToolCall call = state.head();
        return record(
                state,
                List.of(new ToolAnswered(
                        state.task().taskId(),
                        call.id(),
                        call.name(),
                        result.contentJson(),
                        !result.ok(),
                        result.facts(),
                        durationMs,
                        state.memory().seq() + 1,
                        Instant.now(),
                        result.guardrails())));
    }

    // ---- approval gates for ASK (HITL) ----------------------------------------------------

    private Effect<Event, State> onToolNeedsApproval(Acting state, ToolNeedsApproval msg) {
        if (!toolWait(msg.callId()).equals(awaiting)) {
            return Effect().none();
        }
        ToolCall call = state.head();
        String wait = approvalWait(call.id());
        awaiting = wait;
        asked.put(call.id(), new ToolPermissions.Verdict(false, true, msg.source(), msg.reason(), msg.ruleId()));
        // The run opens (or finds) a gate for the call and answers when it is decided.
        CompletionStage<StepPermit> decision = runtime.runs()
                .requestToolApproval(
                        new ToolApprovalRequest(runId, profile.name(), call.name(), call.id(), msg.reason()));
        decision.whenCompleteAsync(
                (permit, failure) -> self(
                        permit == null
                                ? new ApprovalLost(call.id())
                                : new ApprovalAnswered(call.id(), permit instanceof StepPermit.Refuse r ? r : null)),
                WHERE_COMPLETED);
        return Effect().none();
    }

    private Effect<Event, State> onApprovalLost(Acting state, ApprovalLost msg) {
        if (!approvalWait(msg.callId()).equals(awaiting)) {
            return Effect().none();
        }
        // Nobody has decided yet (the run holds the answer until someone does): ask again.
        awaiting = null;
        advance(state);
        return Effect().none();
    }

    private Effect<Event, State> onApprovalAnswered(Acting state, ApprovalAnswered msg) {
        if (!approvalWait(msg.callId()).equals(awaiting)) {
            return Effect().none();
        }
        awaiting = null;
        ToolPermissions.Verdict ask = asked.remove(msg.callId());
        if (msg.refused() != null) {
            // A call a person did not approve is a denial of its approval rule (source hitl), stored as any other.
            ToolPermissions.Verdict rule = ask != null ? ask : ToolPermissions.Verdict.ask("hitl", "needs approval");
            String tool = state.head().name();
            String why = "not approved: " + msg.refused().reason();
            CompletableFuture.runAsync(
                            () -> runtime.permissions().refused(runId, profile.name(), tool, rule, why),
                            runtime.blockingExecutor())
                    .exceptionally(e -> {
                        // Not the actor's logger: this runs on whichever thread the write failed on.
                        LoggerFactory.getLogger(AgentEntity.class)
                                .warn("could not store the denial of {}: {}", tool, e.getMessage());
                        return null;
                    });
            if (msg.refused().endsTask()) {
                return abort(state, msg.refused().reason());
            }
            return answer(
                    state, ToolResult.error("not approved: " + msg.refused().reason()), 0);
        }
        approvedCalls.add(msg.callId());
        advance(state);
        return Effect().none();
    }

    // ---- delegation (G10) -----------------------------------------------------------------

    private static boolean isDelegation(ToolCall call) {
        return call.name().startsWith(DELEGATION_PREFIX);
    }

    private String delegateOf(ToolCall call) {
        return Delegation.target(call.name(), profile.delegates());
    }

    /**
     * Why this delegation must not happen (G10), or null when it may. In order: the target is not
     * one of this agent's delegates; the chain would be deeper than {@code max-delegation-depth};
     * the delegation repeats one on its own chain (the delegations that led here, this chain's first
     * agent included) by the scope's key ({@code strict}: agent and a hash of the arguments,
     * {@code name_only}: agent); or, under {@code strict} with other arguments, the target is on the
     * chain, waiting for this very delegation to end: an agent takes one task at a time, so it
     * could never take this one (the chain would wait until the step timeout). The run-wide count
     * ({@code max-delegations-per-run}) is the run entity's, asked next.
     */
    private String delegationRefusal(Task task, ToolCall call) {
        String target = delegateOf(call);
        if (!profile.delegates().contains(target)) {
            return target + " is not an agent you can delegate to; you can delegate to " + profile.delegates();
        }
        if (task.depth() + 1 > runtime.settings().maxDelegationDepth()) {
            return "delegation depth limit reached (" + runtime.settings().maxDelegationDepth() + ")";
        }
        List<String> chain = chainOf(task);
        if (chain.contains(delegationKey(target, call.argumentsJson()))) {
            return "delegation loop: " + target + " is already working on this in the chain " + chain + " (scope "
                    + runtime.settings().delegationScope() + ")";
        }
        if (chain.stream().anyMatch(k -> agentOf(k).equals(target))) {
            return "delegation loop: " + target + " is waiting on this chain " + chain
                    + " and takes one task at a time, so it could not take this one";
        }
        return null;
    }

    /** The delegation keys that led to this task, starting with the agent that began the chain. */
    private List<String> chainOf(Task task) {
        if (!task.chain().isEmpty()) {
            return task.chain();
        }
        // The first agent of a chain got its task from the run, not by a delegation: its name alone.
        return List.of(
                runtime.settings().delegationScope().equals("name_only") ? profile.name() : profile.name() + "#");
    }

    private static String agentOf(String key) {
        int hash = key.indexOf('#');
        return hash < 0 ? key : key.substring(0, hash);
    }

    private String delegationKey(String target, String argumentsJson) {
        if (runtime.settings().delegationScope().equals("name_only")) {
            return target;
        }
        return target + "#" + argumentsHash(argumentsJson);
    }

    /** SHA-256 of the arguments with object keys sorted (the same arguments in another order are the same). */
    static String argumentsHash(String argumentsJson) {
        String canonical;
        try {
            canonical = Json.write(sorted(Json.parse(argumentsJson)));
        } catch (RuntimeException e) {
            canonical = argumentsJson;
        }
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(canonical.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    private static JsonNode sorted(JsonNode node) {
        if (node.isObject()) {
            ObjectNode out = Json.object();
            List<String> names = new ArrayList<>();
            node.fieldNames().forEachRemaining(names::add);
            Collections.sort(names);
            for (String n : names) {
                out.set(n, sorted(node.get(n)));
            }
            return out;
        }
        if (node.isArray()) {
            ArrayNode out = Json.MAPPER.createArrayNode();
            node.forEach(e -> out.add(sorted(e)));
            return out;
        }
        return node;
    }

    private Effect<Event, State> onDelegationPermit(Acting state, PermitAnswered msg) {
        if (!msg.key().equals(awaiting)) {
            return Effect().none();
        }
        awaiting = null;
        if (msg.refused() != null) {
            if (msg.refused().endsTask()) {
                return abort(state, msg.refused().reason());
            }
            // A run-wide limit on delegations: the delegation fails, the task goes on.
            return answer(
                    state,
                    ToolResult.error("delegation refused: " + msg.refused().reason()),
                    0);
        }
        sendDelegation(state.task(), state.head());
        return Effect().none();
    }

    private void sendDelegation(Task task, ToolCall call) {
        awaiting = delegateWait(call.id());
        watchWait(awaiting);
        resendDelegation(task, call);
    }

    /** The delegation's task to its delegate, with the overdue timer (again). */
    private void resendDelegation(Task task, ToolCall call) {
        String target = delegateOf(call);
        String text = Json.parse(call.argumentsJson()).path("task").asText("");
        List<String> chain = new ArrayList<>(chainOf(task));
        chain.add(delegationKey(target, call.argumentsJson()));
        runtime.mail()
                .tell(
                        runId,
                        target,
                        new AssignTask(
                                profile.name() + "/" + call.id(),
                                Requester.agent(profile.name(), call.id()),
                                text,
                                task.depth() + 1,
                                chain));
        timers.startSingleTimer(
                overdueTimer(call.id()),
                new DelegationOverdue(call.id()),
                runtime.settings().stepTimeout());
    }

    private static String overdueTimer(String callId) {
        return "overdue-" + callId;
    }

    private Effect<Event, State> onDelegationOverdue(Acting state, DelegationOverdue msg) {
        if (delegateWait(msg.callId()).equals(awaiting)) {
            // The delegate may have been stopped by its supervisor; asking again restarts it.
            resendDelegation(state.task(), state.head());
        }
        return Effect().none();
    }

    private Effect<Event, State> onDelegationAnswered(Acting state, DelegationAnswered msg) {
        // Taken whenever it comes, even while a new incarnation asks for the permit again.
        if (!state.head().id().equals(msg.callId())) {
            return Effect().none();
        }
        awaiting = null;
        timers.cancel(overdueTimer(msg.callId()));
        TaskOutcome outcome = msg.outcome();
        return answer(state, new ToolResult(outcome.ok(), outcome.answer(), outcome.facts()), 0);
    }

    // ---- replies, spans -------------------------------------------------------------------

    private void reply(String taskId, Requester requester, TaskOutcome outcome) {
        switch (requester.kind()) {
            case RUN -> runtime.runs().taskAnswered(new TaskAnswer(runId, taskId, profile.name(), outcome));
            case AGENT ->
                runtime.mail().tell(runId, requester.agent(), new DelegationAnswered(requester.callId(), outcome));
        }
    }

    /** Spans for what just ended: a model call, a tool call, or the whole task. */
    private void trace(Event e, Task task) {
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

    private static Throwable unwrap(Throwable t) {
        return t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
    }

    private static String describe(Throwable t) {
        Throwable cause = unwrap(t);
        if (cause instanceof TimeoutException) {
            return "timed out";
        }
        return cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
    }

    // ---- event handlers (pure folds) ------------------------------------------------------

    @Override
    public EventHandler<State, Event> eventHandler() {
        return folds;
    }

    private EventHandler<State, Event> buildFolds() {
        EventHandlerBuilder<State, Event> b = newEventHandlerBuilder();
        b.forStateType(Idle.class).onEvent(TaskStarted.class, AgentEntity::started);
        b.forStateType(Thinking.class).onEvent(AssistantSaid.class, AgentEntity::said);
        b.forStateType(Acting.class).onEvent(ToolAnswered.class, AgentEntity::answered);
        b.forAnyState()
                .onEvent(TaskFinished.class, (s, e) -> new Idle(s.memory().done(e.taskId(), e.outcome())))
                // Journals hold no other order; these keep every line anyway rather than fail recovery.
                .onEvent(TaskStarted.class, AgentEntity::started)
                .onEvent(
                        AssistantSaid.class,
                        (s, e) -> keepPhase(s, s.memory().said(assistant(e), e.seq(), e.costUsd())))
                .onEvent(ToolAnswered.class, (s, e) -> keepPhase(s, s.memory().said(toolResult(e), e.seq(), 0)))
                // A notice is not a conversation line: the state stays as it is.
                .onEvent(AgentNoticed.class, (s, e) -> s);
        return b.build();
    }

    private static State started(State s, TaskStarted e) {
        return new Thinking(s.memory().said(ChatMessage.user(e.text()), e.seq(), 0), Task.of(e));
    }

    private static State said(Thinking s, AssistantSaid e) {
        Memory memory = s.memory().said(assistant(e), e.seq(), e.costUsd());
        Task task = s.task().stepped();
        return e.toolCalls().isEmpty() ? new Thinking(memory, task) : new Acting(memory, task, e.toolCalls());
    }

    private static State answered(Acting s, ToolAnswered e) {
        Memory memory = s.memory().said(toolResult(e), e.seq(), 0);
        memory = e.isError() ? memory.erred() : memory;
        Task task = s.task().learned(e.facts()).toolAnswered(e.isError());
        List<ToolCall> pending =
                s.pending().stream().filter(c -> !c.id().equals(e.callId())).toList();
        return pending.isEmpty() ? new Thinking(memory, task) : new Acting(memory, task, pending);
    }

    private static ChatMessage assistant(AssistantSaid e) {
        return ChatMessage.assistant(e.text(), e.toolCalls());
    }

    private static ChatMessage toolResult(ToolAnswered e) {
        return ChatMessage.toolResult(e.callId(), e.content(), e.isError());
    }

    private static State keepPhase(State s, Memory memory) {
        if (s instanceof Thinking t) {
            return new Thinking(memory, t.task());
        }
        if (s instanceof Acting a) {
            return new Acting(memory, a.task(), a.pending());
        }
        return new Idle(memory);
    }
}
