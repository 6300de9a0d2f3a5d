package svc.core.run;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.cluster.sharding.typed.javadsl.Entity;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityTypeKey;
import org.apache.pekko.persistence.typed.PersistenceId;
import org.apache.pekko.persistence.typed.SnapshotAdapter;
import org.apache.pekko.persistence.typed.javadsl.CommandHandlerWithReply;
import org.apache.pekko.persistence.typed.javadsl.CommandHandlerWithReplyBuilder;
import org.apache.pekko.persistence.typed.javadsl.Effect;
import org.apache.pekko.persistence.typed.javadsl.EventHandler;
import org.apache.pekko.persistence.typed.javadsl.EventSourcedBehaviorWithEnforcedReplies;
import org.apache.pekko.persistence.typed.javadsl.ReplyEffect;
import svc.config.Json;
import svc.core.CborSerializable;
import svc.core.task.JournalFailure;
import svc.core.task.LiveFeed;
import svc.core.task.StepPermit;
import svc.core.task.StepRequest;
import svc.core.task.TaskAnswer;
import svc.core.task.TaskAssignment;
import svc.core.task.TaskOutcome;
import svc.core.task.TaskText;
import svc.core.task.ToolApprovalRequest;
import svc.library.workflow.Edge;
import svc.library.workflow.Node;

/**
 * One pipeline run, sharded by run id: the director's walk through the workflow graph, the
 * approval gates, the run's spend and its lifecycle.
 *
 * <p>States (one {@link RunState} per state type; {@link RunState#after} is the same rule for
 * readers of the journal): {@code queued} (waiting for a slot under
 * {@code SVC_MAX_CONCURRENT_PIPELINES}) → {@code running} (a stage is with the agents) →
 * {@code waiting_approval} (a checkpoint's gate, or a tool gate the permission engine asked for,
 * is open; the slot is given back) → {@code queued} again on approval, ahead of runs not yet
 * started, or {@code failed} on rejection or expiry; {@code running} → {@code paused} when the
 * spend passes the budget, and back on resume; any live state → {@code cancelled}; the last
 * stage → {@code succeeded}; a failed stage → {@code failed}.
 *
 * <p>Agents ask the run before each step ({@link RequestStep}); that is how cancellation reaches
 * them (they stop at their next step), how spend is counted and how a pause holds them.
 */
public final class RunEntity
        extends EventSourcedBehaviorWithEnforcedReplies<RunEntity.Command, RunEntity.Event, RunEntity.State> {

    public static final EntityTypeKey<Command> ENTITY_TYPE_KEY = EntityTypeKey.create(Command.class, "run");
    public static final String TAG = "run";

    // ---- protocol -------------------------------------------------------------------------

    /** Messages a run accepts. */
    public sealed interface Command extends CborSerializable {}

    /** Creates the run; the workflow is already resolved and travels as JSON. */
    public record Create(RunSpec spec, String workflowJson, ActorRef<Reply> replyTo) implements Command {}

    /** The admission queue gives this run a slot. */
    public record Admit() implements Command {}

    /** Sent at start-up to every run that was live: re-register with admission, re-send tasks. */
    public record Wake() implements Command {}

    public record Get(ActorRef<Reply> replyTo) implements Command {}

    public record Cancel(String by, ActorRef<Reply> replyTo) implements Command {}

    public record Resume(String by, ActorRef<Reply> replyTo) implements Command {}

    public record Decide(String gateId, boolean approve, String by, String rationale, ActorRef<Reply> replyTo)
            implements Command {}

    /** From the approval sweep. */
    public record EscalateGate(String gateId, Instant at) implements Command {}

    /** From the approval sweep. */
    public record ExpireGate(String gateId) implements Command {}

    /** An agent the run gave a task (the director, or a parallel researcher) has answered. */
    public record TaskAnswered(TaskAnswer answer) implements Command {}

    /**
     * From the retention sweep: it deleted (or is about to delete) some of this finished run's
     * data, and the run notes it. With {@code snapshot} the run also saves a snapshot, answered
     * once it is stored, so that its journal events before it may go (run events retention).
     * Only finished runs accept it.
     */
    public record NotePruned(List<PruneNote> notes, boolean snapshot, Instant at, ActorRef<Reply> replyTo)
            implements Command {
        public NotePruned {
            notes = List.copyOf(notes);
        }
    }

    /** What an agent asks of the run before it goes on; answered with a {@link StepPermit}. */
    public sealed interface AgentRequest extends Command {
        String agent();

        ActorRef<StepPermit> replyTo();
    }

    /** An agent's tool call needs a person's approval; see {@link ToolApprovalRequest}. */
    public record RequestToolApproval(ToolApprovalRequest request, ActorRef<StepPermit> replyTo)
            implements AgentRequest {
        @Override
        public String agent() {
            return request.agent();
        }
    }

    /** An agent wants to take a step; see {@link StepRequest}. */
    public record RequestStep(StepRequest request, ActorRef<StepPermit> replyTo) implements AgentRequest {
        @Override
        public String agent() {
            return request.agent();
        }
    }

    /** The answer to a caller's command: the run as it is now, or why the run refused. */
    public sealed interface Reply extends CborSerializable {}

    public record Accepted(RunView view) implements Reply {}

    public record Refused(Refusal refusal, String message) implements Reply {}

    /** Why a run refused a caller's command. */
    public enum Refusal {
        /** No run has this id. */
        NO_SUCH_RUN,
        /** A run with this id exists already. */
        RUN_EXISTS,
        /** The run's state does not allow it (cancel a finished run, resume a running one). */
        NOT_NOW,
        /** The gate is not the run's open gate. */
        NOT_THE_OPEN_GATE
    }

    // ---- events ---------------------------------------------------------------------------

    /** What happened to the run. */
    public sealed interface Event extends CborSerializable {
        Instant at();
    }

    public record RunCreated(RunSpec spec, String workflowJson, Instant at) implements Event {}

    public record RunAdmitted(Instant at) implements Event {}

    /** The run moved to a node; {@code edge} is the edge it took (null for the start node). */
    public record NodeEntered(String node, int visit, String edge, String note, Instant at) implements Event {}

    /** One parallel researcher answered; the stage goes on until all have. */
    public record ResearchAnswered(String node, String agent, TaskOutcome outcome, Instant at) implements Event {}

    public record StageCompleted(String node, int visit, String answer, Map<String, Object> facts, Instant at)
            implements Event {
        public StageCompleted {
            facts = Map.copyOf(facts);
        }
    }

    public record GateOpened(Gate gate, Instant at) implements Event {}

    public record GateEscalated(String gateId, Instant at) implements Event {}

    public record GateDecided(String gateId, boolean approved, String by, String rationale, Instant at)
            implements Event {}

    public record GateExpired(String gateId, Instant at) implements Event {}

    /**
     * The agent's spend in the run grew to {@code agentTotalUsd}; the increase went to {@code model}
     * through {@code provider} (both null in events journaled before they were recorded).
     */
    public record CostUpdated(String agent, double agentTotalUsd, String model, String provider, Instant at)
            implements Event {}

    public record DelegationCounted(String agent, Instant at) implements Event {}

    public record RunPaused(String reason, Instant at) implements Event {}

    public record RunResumed(String by, Instant at) implements Event {}

    public record RunCancelled(String by, Instant at) implements Event {}

    public record RunSucceeded(Instant at) implements Event {}

    public record RunFailed(String reason, Instant at) implements Event {}

    /**
     * The retention sweep deleted some of the finished run's data; with {@code snapshot} a
     * snapshot follows this event, and the events before it may be deleted.
     */
    public record RunPruned(List<PruneNote> notes, boolean snapshot, Instant at) implements Event {
        public RunPruned {
            notes = List.copyOf(notes);
        }
    }

    // ---- state ----------------------------------------------------------------------------

    /** Where a running run is: the node, its visit number, and parallel answers so far. */
    public record Position(String node, int visit, Map<String, TaskOutcome> research) {}

    /** One type per lifecycle phase, so a command a phase cannot take has no handler there. */
    public sealed interface State {}

    /** No run with this id was created. */
    public enum Empty implements State {
        INSTANCE
    }

    /** A run that was created: what it knows about itself, and which {@link RunState} it is in. */
    public sealed interface Existing extends State {
        RunInfo info();

        RunState runState();
    }

    /**
     * Waiting for a slot. {@code resumeAfter} is the checkpoint passed, {@code resumeAt} where the
     * agents wait after an approved tool gate; both null to start from the beginning.
     */
    public record Queued(RunInfo info, String resumeAfter, Position resumeAt) implements Existing {
        @Override
        public RunState runState() {
            return RunState.QUEUED;
        }

        boolean resuming() {
            return resumeAfter != null || resumeAt != null;
        }
    }

    public record Running(RunInfo info, Position position) implements Existing {
        @Override
        public RunState runState() {
            return RunState.RUNNING;
        }
    }

    /**
     * A gate is open. For a checkpoint {@code resume} is null: the run gave its slot back and queues
     * again on approval. For a tool gate it is where the run stands: the agents wait in place.
     */
    public record WaitingApproval(RunInfo info, String gateId, Position resume) implements Existing {
        @Override
        public RunState runState() {
            return RunState.WAITING_APPROVAL;
        }
    }

    public record Paused(RunInfo info, Position position, String reason) implements Existing {
        @Override
        public RunState runState() {
            return RunState.PAUSED;
        }
    }

    /**
     * A run that ended. It keeps what the retention sweep deleted of it ({@code pruned}, one note
     * per artefact kind, the latest), so that its record still says so once its files and journal
     * events are gone; it is the only phase that is ever snapshotted (see {@link RunSnapshot}).
     */
    public sealed interface Finished extends Existing {
        List<PruneNote> pruned();

        /** The same run with these notes taking the place of older notes of the same kinds. */
        Finished withPruned(List<PruneNote> notes);
    }

    public record Cancelled(RunInfo info, List<PruneNote> pruned) implements Finished {
        public Cancelled(RunInfo info) {
            this(info, List.of());
        }

        @Override
        public RunState runState() {
            return RunState.CANCELLED;
        }

        @Override
        public Finished withPruned(List<PruneNote> notes) {
            return new Cancelled(info, merged(pruned, notes));
        }
    }

    public record Succeeded(RunInfo info, List<PruneNote> pruned) implements Finished {
        public Succeeded(RunInfo info) {
            this(info, List.of());
        }

        @Override
        public RunState runState() {
            return RunState.SUCCEEDED;
        }

        @Override
        public Finished withPruned(List<PruneNote> notes) {
            return new Succeeded(info, merged(pruned, notes));
        }
    }

    public record Failed(RunInfo info, String reason, List<PruneNote> pruned) implements Finished {
        public Failed(RunInfo info, String reason) {
            this(info, reason, List.of());
        }

        @Override
        public RunState runState() {
            return RunState.FAILED;
        }

        @Override
        public Finished withPruned(List<PruneNote> notes) {
            return new Failed(info, reason, merged(pruned, notes));
        }
    }

    /** {@code older} with each note of {@code newer} in place of the older note of its kind, in kind order. */
    static List<PruneNote> merged(List<PruneNote> older, List<PruneNote> newer) {
        Map<String, PruneNote> byKind = new TreeMap<>();
        older.forEach(n -> byKind.put(n.kind(), n));
        newer.forEach(n -> byKind.put(n.kind(), n));
        return List.copyOf(byKind.values());
    }

    // ---- wiring ---------------------------------------------------------------------------

    public static void init(ActorSystem<?> system, RunRuntime runtime) {
        ClusterSharding.get(system).init(Entity.of(ENTITY_TYPE_KEY, ctx -> create(ctx.getEntityId(), runtime)));
    }

    public static Behavior<Command> create(String runId, RunRuntime runtime) {
        return Behaviors.setup(ctx -> new RunEntity(ctx, runId, runtime));
    }

    private final ActorContext<Command> context;
    private final String runId;
    private final RunRuntime runtime;
    /**
     * Agents' requests waiting until the run can go on (paused, or at a tool gate), by agent;
     * handled again when it does, refused when it ends. Not persisted: after a restart the agents
     * ask again.
     */
    private final Map<String, AgentRequest> parked = new LinkedHashMap<>();

    private final EventHandler<State, Event> folds;

    private RunEntity(ActorContext<Command> context, String runId, RunRuntime runtime) {
        // A failed journal write (database down) restarts the run from its journal with backoff, not stops it.
        super(PersistenceId.of(ENTITY_TYPE_KEY.name(), runId), JournalFailure.RESTART_WITH_BACKOFF);
        this.context = context;
        this.runId = runId;
        this.runtime = runtime;
        this.folds = buildFolds();
    }

    @Override
    public State emptyState() {
        return Empty.INSTANCE;
    }

    @Override
    public Set<String> tagsFor(Event event) {
        return Set.of(TAG);
    }

    /** Only a retention note that asks for it: the run's events before it may then be deleted. */
    @Override
    public boolean shouldSnapshot(State state, Event event, long sequenceNr) {
        return event instanceof RunPruned p && p.snapshot();
    }

    @Override
    public SnapshotAdapter<State> snapshotAdapter() {
        return new SnapshotAdapter<>() {
            @Override
            public Object toJournal(State state) {
                if (!(state instanceof Finished finished)) {
                    throw new IllegalStateException("run " + runId + " is snapshotted only once it has ended");
                }
                return RunSnapshot.of(finished);
            }

            @Override
            public State fromJournal(Object from) {
                return ((RunSnapshot) from).toState();
            }
        };
    }

    // ---- command handlers -----------------------------------------------------------------

    /**
     * Every state answers every command: a caller's command with the run or a {@link Refused}, an
     * agent's request with a permit, a refusal, or later (parked until the run can go on).
     * Messages without a reply address that a state has no use for (a stale task answer, a
     * sweep for a gate already decided, a duplicate admission) are dropped on purpose.
     */
    @Override
    public CommandHandlerWithReply<Command, Event, State> commandHandler() {
        CommandHandlerWithReplyBuilder<Command, Event, State> b = newCommandHandlerWithReplyBuilder();
        b.forState(s -> s == Empty.INSTANCE)
                .onCommand(Create.class, this::onCreate)
                .onCommand(Get.class, (s, c) -> noSuchRun(c.replyTo()))
                .onCommand(Cancel.class, (s, c) -> noSuchRun(c.replyTo()))
                .onCommand(Resume.class, (s, c) -> noSuchRun(c.replyTo()))
                .onCommand(Decide.class, (s, c) -> noSuchRun(c.replyTo()))
                .onCommand(RequestStep.class, (s, c) -> refuse(c, "the run does not exist"))
                .onCommand(RequestToolApproval.class, (s, c) -> refuse(c, "the run does not exist"))
                .onCommand(Admit.class, (s, c) -> giveSlotBack())
                .onCommand(Wake.class, (s, c) -> Effect().noReply())
                .onCommand(EscalateGate.class, (s, c) -> Effect().noReply())
                .onCommand(ExpireGate.class, (s, c) -> Effect().noReply())
                .onCommand(TaskAnswered.class, (s, c) -> Effect().noReply())
                .onCommand(NotePruned.class, (s, c) -> noSuchRun(c.replyTo()));

        b.forStateType(Finished.class).onCommand(NotePruned.class, this::onNotePruned);

        b.forStateType(Queued.class)
                .onCommand(Admit.class, this::onAdmit)
                .onCommand(
                        Wake.class,
                        (s, c) -> Effect().none().thenRun(st -> enqueue(s)).thenNoReply())
                .onCommand(Cancel.class, this::cancel)
                // Back from a tool gate, the agents wait for the slot where they stood.
                .onCommand(RequestStep.class, (s, c) -> parkIf(s.resumeAt() != null, c, "the run is queued"))
                .onCommand(RequestToolApproval.class, (s, c) -> parkIf(s.resumeAt() != null, c, "the run is queued"));

        b.forStateType(Running.class)
                .onCommand(RequestToolApproval.class, this::onRequestToolApproval)
                .onCommand(TaskAnswered.class, this::onTaskAnswered)
                .onCommand(RequestStep.class, this::onRequestStep)
                .onCommand(Wake.class, this::onWakeRunning)
                .onCommand(Cancel.class, this::cancel);

        b.forStateType(WaitingApproval.class)
                // At a tool gate the agents wait in place; at a checkpoint none has work to do.
                .onCommand(
                        RequestToolApproval.class,
                        (s, c) -> parkIf(s.resume() != null, c, "the run is waiting for approval"))
                .onCommand(
                        RequestStep.class, (s, c) -> parkIf(s.resume() != null, c, "the run is waiting for approval"))
                .onCommand(Admit.class, (s, c) -> giveSlotBack())
                .onCommand(Decide.class, this::onDecide)
                .onCommand(EscalateGate.class, this::onEscalate)
                .onCommand(ExpireGate.class, this::onExpire)
                .onCommand(Cancel.class, this::cancel);

        b.forStateType(Paused.class)
                .onCommand(Resume.class, this::onResume)
                // Both wait for the resume; a tool request then opens its gate as it would have.
                .onCommand(RequestStep.class, (s, c) -> park(c))
                .onCommand(RequestToolApproval.class, (s, c) -> park(c))
                .onCommand(
                        Wake.class,
                        (s, c) -> Effect()
                                .none()
                                .thenRun(st -> runtime.admission().claim(runId))
                                .thenNoReply())
                .onCommand(Cancel.class, this::cancel);

        b.forAnyState()
                .onCommand(Get.class, (s, c) -> Effect().reply(c.replyTo(), accepted(s)))
                .onCommand(Create.class, (s, c) -> refused(c.replyTo(), Refusal.RUN_EXISTS, "run " + runId + " exists"))
                .onCommand(Cancel.class, (s, c) -> notNow(c.replyTo(), s, "cannot be cancelled"))
                .onCommand(Resume.class, (s, c) -> notNow(c.replyTo(), s, "is not paused"))
                .onCommand(NotePruned.class, (s, c) -> notNow(c.replyTo(), s, "only a finished run is pruned"))
                .onCommand(Decide.class, this::noOpenGate)
                .onCommand(RequestStep.class, (s, c) -> refuse(c, "the run is " + stateName(s)))
                .onCommand(RequestToolApproval.class, (s, c) -> refuse(c, "the run is " + stateName(s)))
                // Running and paused runs hold their slot already; other states have no use for one.
                .onCommand(
                        Admit.class,
                        (s, c) -> s instanceof Running || s instanceof Paused
                                ? Effect().noReply()
                                : giveSlotBack())
                .onCommand(Wake.class, (s, c) -> Effect().noReply())
                .onCommand(EscalateGate.class, (s, c) -> Effect().noReply())
                .onCommand(ExpireGate.class, (s, c) -> Effect().noReply())
                .onCommand(TaskAnswered.class, (s, c) -> Effect().noReply());
        return b.build();
    }

    private Accepted accepted(State s) {
        return new Accepted(view(s));
    }

    private ReplyEffect<Event, State> refused(ActorRef<Reply> replyTo, Refusal refusal, String message) {
        return Effect().reply(replyTo, new Refused(refusal, message));
    }

    private ReplyEffect<Event, State> noSuchRun(ActorRef<Reply> replyTo) {
        return refused(replyTo, Refusal.NO_SUCH_RUN, "no run " + runId);
    }

    private ReplyEffect<Event, State> notNow(ActorRef<Reply> replyTo, State s, String what) {
        return refused(replyTo, Refusal.NOT_NOW, "the run is " + stateName(s) + " and " + what);
    }

    private ReplyEffect<Event, State> noOpenGate(State s, Decide cmd) {
        return refused(
                cmd.replyTo(),
                Refusal.NOT_THE_OPEN_GATE,
                "the run is " + stateName(s) + " and has no open gate " + cmd.gateId());
    }

    private ReplyEffect<Event, State> refuse(AgentRequest request, String reason) {
        return Effect().reply(request.replyTo(), new StepPermit.Refuse(reason, true));
    }

    /** An admission the run cannot use: the slot goes back, or it would stay taken for good. */
    private ReplyEffect<Event, State> giveSlotBack() {
        return Effect().none().thenRun(s -> runtime.admission().release(runId)).thenNoReply();
    }

    /**
     * The agent waits until the run can go on. One request per agent: an agent asks again only
     * after its ask timed out, so the older request has nobody left to answer.
     */
    private ReplyEffect<Event, State> park(AgentRequest request) {
        parked.put(request.agent(), request);
        return Effect().noReply();
    }

    private ReplyEffect<Event, State> parkIf(boolean goesOnLater, AgentRequest request, String reason) {
        return goesOnLater ? park(request) : refuse(request, reason);
    }

    /** The run goes on: the parked requests are handled again, as the running run handles them. */
    private void unpark() {
        parked.values().forEach(r -> context.getSelf().tell(r));
        parked.clear();
    }

    private ReplyEffect<Event, State> onCreate(State state, Create cmd) {
        List<Event> events = List.of(new RunCreated(cmd.spec(), cmd.workflowJson(), Instant.now()));
        return Effect().persist(events).thenRun(s -> act(events, s)).thenReply(cmd.replyTo(), this::accepted);
    }

    /** With a snapshot, the reply waits until it is stored (side effects follow the snapshot). */
    private ReplyEffect<Event, State> onNotePruned(Finished state, NotePruned cmd) {
        return Effect()
                .persist(new RunPruned(cmd.notes(), cmd.snapshot(), cmd.at()))
                .thenReply(cmd.replyTo(), this::accepted);
    }

    private void enqueue(Queued queued) {
        runtime.admission().enqueue(runId, queued.info().createdAt(), queued.resuming());
    }

    private ReplyEffect<Event, State> onAdmit(Queued state, Admit cmd) {
        Instant now = Instant.now();
        List<Event> events = new ArrayList<>();
        events.add(new RunAdmitted(now));
        RunInfo info = state.info();
        if (state.resumeAt() != null) {
            // Back from an approved tool gate: the agents go on where they waited.
            return Effect()
                    .persist(events)
                    .thenRun(s -> {
                        act(events, s);
                        unpark();
                        dispatch(info, state.resumeAt());
                    })
                    .thenNoReply();
        }
        if (state.resumeAfter() == null) {
            events.addAll(enter(info, info.workflow().start(), null, "", now));
        } else {
            events.addAll(advanceFrom(info, state.resumeAfter(), now));
        }
        return persistAndAct(events);
    }

    private ReplyEffect<Event, State> onWakeRunning(Running state, Wake cmd) {
        return Effect()
                .none()
                .thenRun(s -> {
                    runtime.admission().claim(runId);
                    dispatch(state.info(), state.position());
                })
                .thenNoReply();
    }

    private ReplyEffect<Event, State> onTaskAnswered(Running state, TaskAnswered cmd) {
        TaskAnswer answer = cmd.answer();
        Position pos = state.position();
        Node.Stage stage = (Node.Stage) state.info().workflow().node(pos.node()).orElseThrow();
        Instant now = Instant.now();
        String base = taskBase(pos);
        if (!stage.parallel().isEmpty() && answer.taskId().equals(base + "/" + answer.agent())) {
            if (pos.research().containsKey(answer.agent())) {
                return Effect().noReply();
            }
            return persistAndAct(List.of(new ResearchAnswered(pos.node(), answer.agent(), answer.outcome(), now)));
        }
        String expected = stage.parallel().isEmpty() ? base : base + "/merge";
        if (!answer.taskId().equals(expected)) {
            return Effect().noReply();
        }
        TaskOutcome outcome = answer.outcome();
        if (!outcome.ok()) {
            String error = TaskText.data(outcome.answer())
                    .map(d -> d.path("error").asText(""))
                    .filter(e -> !e.isEmpty())
                    .orElse(TaskText.prose(outcome.answer()));
            return persistAndAct(List.of(new RunFailed("stage " + pos.node() + " failed: " + error, now)));
        }
        Map<String, Object> facts = outcome.facts();
        if (state.info().spec().assignee() != null) {
            // A task run's caller reads the answer from the run record.
            facts = new LinkedHashMap<>(facts);
            facts.put(RunSpec.ANSWER_FACT, outcome.answer());
        }
        List<Event> events = new ArrayList<>();
        events.add(new StageCompleted(pos.node(), pos.visit(), outcome.answer(), facts, now));
        events.addAll(advanceFrom(state.info().withFacts(facts), pos.node(), now));
        return persistAndAct(events);
    }

    private ReplyEffect<Event, State> onRequestStep(Running state, RequestStep cmd) {
        StepRequest request = cmd.request();
        RunInfo info = state.info();
        Instant now = Instant.now();
        List<Event> events = new ArrayList<>();
        double previous = info.agentCosts().getOrDefault(request.agent(), 0.0);
        if (request.agentCostUsd() > previous) {
            events.add(
                    new CostUpdated(request.agent(), request.agentCostUsd(), request.model(), request.provider(), now));
        }
        double total = info.costUsd() - previous + Math.max(previous, request.agentCostUsd());
        // Each resume grants one more budget's worth of spend: the operator saw the pause and chose
        // to go on, and the run pauses again if it spends that much more.
        double budget = runtime.settings().budgetPerPipelineUsd() * info.budgetGrants();
        if (budget > 0 && total > budget) {
            events.add(new RunPaused(String.format("LLM spend $%.4f passed the budget of $%.4f", total, budget), now));
            parked.put(request.agent(), cmd);
            return persistAndAct(events);
        }
        StepPermit permit = new StepPermit.Proceed();
        if (request.delegation()) {
            int limit = runtime.settings().maxDelegationsPerRun();
            if (info.delegations() + 1 > limit) {
                permit = new StepPermit.Refuse("more than " + limit + " delegations in this run", false);
            } else {
                events.add(new DelegationCounted(request.agent(), now));
            }
        }
        if (events.isEmpty()) {
            return Effect().reply(cmd.replyTo(), permit);
        }
        StepPermit answer = permit;
        return Effect().persist(events).thenRun(s -> publish(events)).thenReply(cmd.replyTo(), s -> answer);
    }

    /** A gate for this agent's tool, decided or not, or null. */
    private static Gate toolGate(RunInfo info, String agent, String tool) {
        Gate found = null;
        for (Gate g : info.gates().values()) {
            if (tool.equals(g.tool()) && agent.equals(g.agent())) {
                found = g;
            }
        }
        return found;
    }

    /** Gate types whose approval by a person also covers a later ASK in the same run. */
    private static final Set<String> APPROVING_CHECKPOINTS = Set.of("deploy", "manual", "security");

    private ReplyEffect<Event, State> onRequestToolApproval(Running state, RequestToolApproval cmd) {
        ToolApprovalRequest request = cmd.request();
        Gate existing = toolGate(state.info(), request.agent(), request.tool());
        boolean approvedCheckpoint = state.info().gates().values().stream()
                .anyMatch(g ->
                        !g.isToolGate() && Gate.APPROVED.equals(g.state()) && APPROVING_CHECKPOINTS.contains(g.type()));
        if ((existing != null && Gate.APPROVED.equals(existing.state())) || approvedCheckpoint) {
            return Effect().reply(cmd.replyTo(), new StepPermit.Proceed());
        }
        Instant now = Instant.now();
        Position pos = state.position();
        String gateId = runId + "-" + pos.node() + "-" + request.tool() + "-"
                + (state.info().gates().size() + 1);
        String type = switch (request.tool()) {
            case "register_model_deployment" -> "deploy";
            case "request_approval" -> "manual"; // an agent's question for a person
            default -> "security";
        };
        Gate gate = Gate.forTool(gateId, runId, pos.node(), type, now, request.tool(), request.agent());
        parked.put(request.agent(), cmd);
        return persistAndAct(List.of(new GateOpened(gate, now)));
    }

    private ReplyEffect<Event, State> onResume(Paused state, Resume cmd) {
        return Effect()
                .persist(new RunResumed(cmd.by(), Instant.now()))
                .thenRun(s -> {
                    unpark();
                    // After a restart no agent is parked here: waking the stage reaches them.
                    Running running = (Running) s;
                    dispatch(running.info(), running.position());
                })
                .thenReply(cmd.replyTo(), this::accepted);
    }

    private ReplyEffect<Event, State> onDecide(WaitingApproval state, Decide cmd) {
        if (!state.gateId().equals(cmd.gateId())) {
            return refused(
                    cmd.replyTo(),
                    Refusal.NOT_THE_OPEN_GATE,
                    "gate " + cmd.gateId() + " is not the open gate of run " + runId);
        }
        Instant now = Instant.now();
        List<Event> events = new ArrayList<>();
        events.add(new GateDecided(cmd.gateId(), cmd.approve(), cmd.by(), cmd.rationale(), now));
        if (!cmd.approve()) {
            String why = cmd.rationale() == null || cmd.rationale().isBlank() ? "" : ": " + cmd.rationale();
            events.add(new RunFailed("gate " + cmd.gateId() + " rejected by " + cmd.by() + why, now));
        }
        return Effect().persist(events).thenRun(s -> act(events, s)).thenReply(cmd.replyTo(), this::accepted);
    }

    private ReplyEffect<Event, State> onEscalate(WaitingApproval state, EscalateGate cmd) {
        Gate gate = state.info().gates().get(cmd.gateId());
        if (gate == null || gate.escalatedAt() != null || !Gate.PENDING.equals(gate.state())) {
            return Effect().noReply();
        }
        return persistAndAct(List.of(new GateEscalated(cmd.gateId(), cmd.at())));
    }

    private ReplyEffect<Event, State> onExpire(WaitingApproval state, ExpireGate cmd) {
        if (!state.gateId().equals(cmd.gateId())) {
            return Effect().noReply();
        }
        Instant now = Instant.now();
        return persistAndAct(List.of(
                new GateExpired(cmd.gateId(), now),
                new RunFailed("gate " + cmd.gateId() + " expired without a decision", now)));
    }

    private ReplyEffect<Event, State> cancel(State state, Cancel cmd) {
        List<Event> events = List.of(new RunCancelled(cmd.by(), Instant.now()));
        return Effect().persist(events).thenRun(s -> act(events, s)).thenReply(cmd.replyTo(), this::accepted);
    }

    // ---- the walk -------------------------------------------------------------------------

    /** Events for leaving {@code node}: into the next node, or success at the end of the graph. */
    private List<Event> advanceFrom(RunInfo info, String node, Instant now) {
        WorkflowWalk.Step step = WorkflowWalk.next(info.workflow(), node, info.facts(), info.edgeCounts());
        if (step.edge().isEmpty()) {
            return List.of(new RunSucceeded(now));
        }
        Edge edge = step.edge().get();
        String key = WorkflowWalk.key(edge);
        // Edge counts move with the events, so later routers see this edge as taken.
        return enter(info.withEdgeTaken(key), edge.target(), key, step.note(), now);
    }

    /** Events for entering a node; routers are passed through at once. */
    private List<Event> enter(RunInfo info, String nodeId, String edge, String note, Instant now) {
        int visit = info.visits().getOrDefault(nodeId, 0) + 1;
        List<Event> events = new ArrayList<>();
        events.add(new NodeEntered(nodeId, visit, edge, note, now));
        Node node = info.workflow().node(nodeId).orElseThrow();
        if (node instanceof Node.Router) {
            events.addAll(advanceFrom(info.withNodeEntered(nodeId, visit), nodeId, now));
        } else if (node instanceof Node.Checkpoint cp) {
            String gateId = runId + "-" + nodeId + "-" + visit;
            Gate gate = Gate.checkpoint(
                    gateId,
                    runId,
                    nodeId,
                    cp.gateType().id(),
                    now,
                    cp.ttlSeconds(),
                    cp.escalateAfterSeconds(),
                    cp.notifyChannels());
            events.add(new GateOpened(gate, now));
        }
        return events;
    }

    private ReplyEffect<Event, State> persistAndAct(List<Event> events) {
        return Effect().persist(events).thenRun(s -> act(events, s)).thenNoReply();
    }

    /** The side effects of a transition, run after the events are in the journal. */
    private void act(List<Event> events, State after) {
        publish(events);
        for (Event e : events) {
            if (e instanceof RunCancelled || e instanceof RunFailed || e instanceof RunSucceeded) {
                finished((Existing) after, e.at());
            } else if (e instanceof GateOpened) {
                // Nobody knows how long a person takes: the slot goes to another run meanwhile.
                runtime.admission().release(runId);
            } else if ((e instanceof GateDecided d && d.approved()) || e instanceof RunCreated) {
                enqueue((Queued) after);
            }
        }
        if (after instanceof Running running
                && events.stream().anyMatch(e -> e instanceof NodeEntered || e instanceof ResearchAnswered)) {
            dispatch(running.info(), running.position());
        }
    }

    /** The run is over: its span, the agents still waiting, its slot. */
    private void finished(Existing after, Instant at) {
        RunInfo info = after.info();
        String state = after.runState().wireName();
        runtime.tracing()
                .record(
                        "pipeline.run",
                        runId,
                        info.createdAt(),
                        at,
                        Map.of(
                                "run_id",
                                runId,
                                "template",
                                info.spec().template(),
                                "profile",
                                String.valueOf(info.spec().profile()),
                                "state",
                                state,
                                "cost_usd",
                                info.costUsd()),
                        after.runState() != RunState.SUCCEEDED);
        parked.values().forEach(r -> r.replyTo().tell(new StepPermit.Refuse("the run is " + state, true)));
        parked.clear();
        runtime.admission().release(runId);
    }

    /**
     * Hands the current stage to the agents: the director, or each parallel researcher and then
     * the team's coordinator to merge. Tasks carry stable ids, so sending again is harmless.
     */
    private void dispatch(RunInfo info, Position pos) {
        Node.Stage stage = (Node.Stage) info.workflow().node(pos.node()).orElseThrow();
        String base = taskBase(pos);
        if (info.spec().assignee() != null) {
            // A task run (a plugin command): its one task goes as written to the agent it names.
            assign(info.spec().assignee(), base, info.spec().problem());
            return;
        }
        if (stage.parallel().isEmpty()) {
            assign(runtime.directorName(), base, brief(info, stage, null));
            return;
        }
        List<String> waiting = stage.parallel().stream()
                .filter(a -> !pos.research().containsKey(a))
                .toList();
        if (!waiting.isEmpty()) {
            waiting.forEach(a -> assign(a, base + "/" + a, brief(info, stage, null)));
            return;
        }
        List<String> answers = stage.parallel().stream()
                .map(a -> pos.research().get(a).answer())
                .toList();
        assign(runtime.coordinatorOf(stage.team().id()), base + "/merge", brief(info, stage, answers));
    }

    private void assign(String agent, String taskId, String text) {
        runtime.agents().assign(new TaskAssignment(runId, agent, taskId, text));
    }

    private static String taskBase(Position pos) {
        return "run/" + pos.node() + "/" + pos.visit();
    }

    /** The stage brief: prose for any model, and the exact goal, run facts and request as JSON. */
    private String brief(RunInfo info, Node.Stage stage, List<String> mergeAnswers) {
        var data = Json.object()
                .put("stage", stage.id())
                .put("team", stage.team().id())
                .put("goal", stage.goal());
        data.set("context", Json.MAPPER.valueToTree(info.facts()));
        var run = data.putObject("run");
        RunSpec spec = info.spec();
        run.put("run_id", spec.runId()).put("problem", spec.problem()).put("dataset_path", spec.datasetPath());
        if (spec.target() != null) {
            run.put("target", spec.target());
        }
        spec.sensitiveAttributes().forEach(run.putArray("sensitive_attributes")::add);
        if (mergeAnswers != null) {
            mergeAnswers.forEach(data.putArray("merge")::add);
        }
        String prose = mergeAnswers == null
                ? "Stage " + stage.id() + " for the " + stage.team().id() + " team. Goal: " + stage.goal()
                : "Merge the parallel research of stage " + stage.id() + " into one recommendation. Goal: "
                        + stage.goal();
        return TaskText.render(prose, data);
    }

    /** Called after the events are in the journal: the last of them has the last sequence number. */
    private void publish(List<Event> events) {
        long first = lastSequenceNumber(context) - events.size() + 1;
        for (int i = 0; i < events.size(); i++) {
            runtime.liveFeed().publish(runId, LiveFeed.RUN, first + i, events.get(i));
        }
    }

    // ---- views ----------------------------------------------------------------------------

    /** The state's wire name, or {@code absent} when no run was created. */
    public static String stateName(State s) {
        return s instanceof Existing e ? e.runState().wireName() : "absent";
    }

    private RunView view(State s) {
        RunInfo info = ((Existing) s).info();
        RunSpec spec = info.spec();
        String failure = s instanceof Failed f ? f.reason() : null;
        List<Gate> pending = info.gates().values().stream()
                .filter(g -> Gate.PENDING.equals(g.state()))
                .toList();
        Object target = info.facts().getOrDefault("dataset.target", spec.target());
        return new RunView(
                runId,
                stateName(s),
                spec.template(),
                spec.profile(),
                spec.problem(),
                spec.datasetPath(),
                target == null ? null : target.toString(),
                spec.sensitiveAttributes(),
                info.createdAt(),
                info.updatedAt(),
                info.currentNode(),
                info.costUsd(),
                failure,
                pending,
                info.facts(),
                spec.datasetId() != null
                        ? spec.datasetId()
                        : info.facts().get("dataset.id") instanceof String id ? id : null,
                s instanceof Finished f ? f.pruned() : List.of());
    }

    // ---- event handlers (pure folds) --------------------------------------------------------

    @Override
    public EventHandler<State, Event> eventHandler() {
        return folds;
    }

    private EventHandler<State, Event> buildFolds() {
        var b = newEventHandlerBuilder();
        b.forState(s -> s == Empty.INSTANCE).onEvent(RunCreated.class, RunEntity::created);
        b.forStateType(Queued.class)
                .onEvent(RunAdmitted.class, RunEntity::admitted)
                .onEvent(RunCancelled.class, (s, e) -> new Cancelled(s.info().at(e.at())))
                .onAnyEvent(this::resumedBeforeSlotsWereGivenBack);
        b.forStateType(Running.class)
                .onEvent(NodeEntered.class, RunEntity::nodeEntered)
                .onEvent(ResearchAnswered.class, RunEntity::researchAnswered)
                .onEvent(StageCompleted.class, RunEntity::stageCompleted)
                .onEvent(
                        GateOpened.class,
                        (s, e) -> new WaitingApproval(
                                s.info().at(e.at()).withGate(e.gate()),
                                e.gate().gateId(),
                                e.gate().isToolGate() ? s.position() : null))
                .onEvent(
                        CostUpdated.class,
                        (s, e) -> new Running(
                                s.info().at(e.at()).withAgentCost(e.agent(), e.agentTotalUsd()), s.position()))
                .onEvent(DelegationCounted.class, (s, e) -> new Running(s.info().withDelegationCounted(), s.position()))
                .onEvent(RunPaused.class, (s, e) -> new Paused(s.info().at(e.at()), s.position(), e.reason()))
                .onEvent(RunCancelled.class, (s, e) -> new Cancelled(s.info().at(e.at())))
                .onEvent(RunSucceeded.class, (s, e) -> new Succeeded(s.info().at(e.at())))
                .onEvent(RunFailed.class, (s, e) -> new Failed(s.info().at(e.at()), e.reason()));
        b.forStateType(WaitingApproval.class)
                .onEvent(GateEscalated.class, RunEntity::gateEscalated)
                .onEvent(GateDecided.class, RunEntity::gateDecided)
                .onEvent(GateExpired.class, RunEntity::gateExpired)
                .onEvent(RunFailed.class, (s, e) -> new Failed(s.info().at(e.at()), e.reason()))
                .onEvent(RunCancelled.class, (s, e) -> new Cancelled(s.info().at(e.at())));
        b.forStateType(Paused.class)
                .onEvent(
                        CostUpdated.class,
                        (s, e) -> new Paused(
                                s.info().at(e.at()).withAgentCost(e.agent(), e.agentTotalUsd()),
                                s.position(),
                                s.reason()))
                .onEvent(
                        RunResumed.class,
                        (s, e) -> new Running(s.info().at(e.at()).withBudgetGranted(), s.position()))
                .onEvent(RunCancelled.class, (s, e) -> new Cancelled(s.info().at(e.at())));
        // A note of what retention deleted; the run's updated-at stays the time it ended.
        b.forStateType(Finished.class).onEvent(RunPruned.class, (s, e) -> s.withPruned(e.notes()));
        return b.build();
    }

    private static State admitted(Queued s, RunAdmitted e) {
        Position at = s.resumeAt() != null
                ? s.resumeAt()
                : new Position(s.info().workflow().start(), 0, Map.of());
        return new Running(s.info().at(e.at()), at);
    }

    /**
     * Journals written before a run gave its slot back at a tool gate go on running right after
     * the approval, with no {@link RunAdmitted}: such an event is folded as the running run's.
     */
    private State resumedBeforeSlotsWereGivenBack(State state, Event e) {
        Queued s = (Queued) state;
        if (s.resumeAt() == null) {
            throw new IllegalStateException(
                    "run " + runId + " got " + e.getClass().getSimpleName() + " while queued");
        }
        return folds.apply(new Running(s.info(), s.resumeAt()), e);
    }

    private static State created(State s, RunCreated e) {
        return new Queued(RunInfo.created(e.spec(), WorkflowCodec.fromJson(e.workflowJson()), e.at()), null, null);
    }

    private static State nodeEntered(Running s, NodeEntered e) {
        RunInfo moved = s.info().at(e.at()).withNodeEntered(e.node(), e.visit());
        if (e.edge() != null) {
            moved = moved.withEdgeTaken(e.edge());
        }
        return new Running(moved, new Position(e.node(), e.visit(), Map.of()));
    }

    private static State researchAnswered(Running s, ResearchAnswered e) {
        Map<String, TaskOutcome> research = new LinkedHashMap<>(s.position().research());
        research.put(e.agent(), e.outcome());
        Position p = s.position();
        return new Running(s.info().at(e.at()), new Position(p.node(), p.visit(), Map.copyOf(research)));
    }

    private static State stageCompleted(Running s, StageCompleted e) {
        return new Running(s.info().at(e.at()).withFacts(e.facts()), s.position());
    }

    /** An escalation is housekeeping: the run's own updated-at does not move. */
    private static State gateEscalated(WaitingApproval s, GateEscalated e) {
        Gate gate = s.info().gates().get(e.gateId()).escalated(e.at());
        return new WaitingApproval(s.info().withGate(gate), s.gateId(), s.resume());
    }

    private static State gateExpired(WaitingApproval s, GateExpired e) {
        Gate gate = s.info().gates().get(e.gateId()).decided(Gate.EXPIRED, null, e.at(), "expired");
        return new WaitingApproval(s.info().at(e.at()).withGate(gate), s.gateId(), s.resume());
    }

    private static State gateDecided(WaitingApproval s, GateDecided e) {
        Gate gate = s.info()
                .gates()
                .get(e.gateId())
                .decided(e.approved() ? Gate.APPROVED : Gate.REJECTED, e.by(), e.at(), e.rationale());
        RunInfo info = s.info().at(e.at()).withGate(gate);
        if (!e.approved()) {
            return new WaitingApproval(info, s.gateId(), s.resume());
        }
        return s.resume() != null ? new Queued(info, null, s.resume()) : new Queued(info, gate.node(), null);
    }
}
