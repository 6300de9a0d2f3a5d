package svc.core.batch;

import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.apache.pekko.actor.NoSerializationVerificationNeeded;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.PostStop;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.cluster.sharding.typed.javadsl.Entity;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityTypeKey;
import org.apache.pekko.persistence.typed.PersistenceId;
import org.apache.pekko.persistence.typed.RecoveryCompleted;
import org.apache.pekko.persistence.typed.javadsl.CommandHandlerWithReply;
import org.apache.pekko.persistence.typed.javadsl.CommandHandlerWithReplyBuilder;
import org.apache.pekko.persistence.typed.javadsl.EventHandler;
import org.apache.pekko.persistence.typed.javadsl.EventSourcedBehaviorWithEnforcedReplies;
import org.apache.pekko.persistence.typed.javadsl.ReplyEffect;
import org.apache.pekko.persistence.typed.javadsl.SignalHandler;
import svc.core.CborSerializable;

/**
 * One batch job, sharded by batch id and event-sourced (persistence id {@code batch|<id>}).
 *
 * <p>States: {@link Empty} until {@code Submitted}; then {@link Batch} with a status:
 * {@code running} → {@code succeeded} (the input ended), {@code failed} (the model or a file could
 * not be read), {@code cancelled} (DELETE). {@code Resume} takes a failed or cancelled batch back to
 * running, from its last checkpoint.
 *
 * <p>While running, the entity asks its {@link BatchWorker} (on the blocking dispatcher) for one
 * chunk of ten records at a time and journals a {@code Checkpointed} after each; the next chunk is
 * already asked for while that event is written. A recovered running batch starts working again
 * by itself, so any message that wakes it (the platform wakes running batches after a start)
 * resumes it from its checkpoint.
 */
public final class BatchEntity
        extends EventSourcedBehaviorWithEnforcedReplies<BatchEntity.Command, BatchEntity.Event, BatchEntity.State> {

    public static final EntityTypeKey<Command> ENTITY_TYPE_KEY = EntityTypeKey.create(Command.class, "batch");
    public static final String TAG = "batch";
    /** Records per chunk, and so per journaled checkpoint. */
    public static final int CHECKPOINT_EVERY = 10;

    // ---- protocol -------------------------------------------------------------------------

    public sealed interface Command extends CborSerializable {}

    public record Submit(BatchSpec spec, long total, ActorRef<Reply> replyTo) implements Command {}

    public record Get(ActorRef<Reply> replyTo) implements Command {}

    public record Resume(ActorRef<Reply> replyTo) implements Command {}

    public record Cancel(ActorRef<Reply> replyTo) implements Command {}

    /** Starts a recovered running batch's work (sent after a platform start); no answer. */
    public enum Wake implements Command {
        INSTANCE
    }

    /** The worker is open (local only: a worker never leaves its node, nor is it journaled). */
    record Opened(int generation, BatchWorker worker) implements Command, NoSerializationVerificationNeeded {}

    record ChunkDone(int generation, Progress progress, boolean done) implements Command {}

    record WorkFailed(int generation, String reason) implements Command {}

    /** The answer to every request: the batch, or why not. */
    public sealed interface Reply extends CborSerializable {}

    public record Found(BatchView batch) implements Reply {}

    /** {@code missing}: no such batch; otherwise its state refuses the request. */
    public record Refused(boolean missing, String reason) implements Reply {}

    public sealed interface Event extends CborSerializable {}

    public record Submitted(BatchSpec spec, long total, Instant at) implements Event {}

    public record Checkpointed(Progress progress, Instant at) implements Event {}

    public record Completed(Instant at) implements Event {}

    public record Failed(String reason, Instant at) implements Event {}

    public record Cancelled(Instant at) implements Event {}

    public record Resumed(Instant at) implements Event {}

    public sealed interface State extends CborSerializable {}

    public enum Empty implements State {
        INSTANCE
    }

    /** A submitted batch. */
    public record Batch(
            BatchSpec spec,
            long total,
            String status,
            Progress progress,
            Instant createdAt,
            Instant updatedAt,
            String failure)
            implements State {

        Batch with(String newStatus, Instant at, String why) {
            return new Batch(spec, total, newStatus, progress, createdAt, at, why);
        }

        boolean running() {
            return status.equals(BatchView.RUNNING);
        }
    }

    // ---- wiring ---------------------------------------------------------------------------

    public static void init(ActorSystem<?> system, BatchRuntime runtime) {
        ClusterSharding.get(system).init(Entity.of(ENTITY_TYPE_KEY, ctx -> create(ctx.getEntityId(), runtime)));
    }

    public static Behavior<Command> create(String batchId, BatchRuntime runtime) {
        return Behaviors.setup(ctx -> new BatchEntity(ctx, batchId, runtime));
    }

    private final ActorContext<Command> context;
    private final String batchId;
    private final BatchRuntime runtime;
    /** The open worker while running; not persisted (a restart opens a new one at the checkpoint). */
    private BatchWorker worker;
    /** Whether a chunk (or the opening) is in progress, so at most one is. */
    private boolean working;
    /** Which worker the answers in flight belong to: answers of a closed one are ignored. */
    private int generation;

    private BatchEntity(ActorContext<Command> context, String batchId, BatchRuntime runtime) {
        super(PersistenceId.of(ENTITY_TYPE_KEY.name(), batchId));
        this.context = context;
        this.batchId = batchId;
        this.runtime = runtime;
    }

    @Override
    public State emptyState() {
        return Empty.INSTANCE;
    }

    @Override
    public Set<String> tagsFor(Event event) {
        return Set.of(TAG);
    }

    @Override
    public SignalHandler<State> signalHandler() {
        return newSignalHandlerBuilder()
                .onSignal(RecoveryCompleted.instance(), this::onRecovered)
                .onSignal(PostStop.instance(), s -> closeWorker())
                .build();
    }

    private void onRecovered(State state) {
        if (state instanceof Batch b && b.running()) {
            work(b);
        }
    }

    // ---- commands -------------------------------------------------------------------------

    @Override
    public CommandHandlerWithReply<Command, Event, State> commandHandler() {
        CommandHandlerWithReplyBuilder<Command, Event, State> b = newCommandHandlerWithReplyBuilder();
        b.forStateType(Empty.class)
                .onCommand(Submit.class, this::onSubmit)
                .onCommand(Get.class, (s, c) -> missing(c.replyTo()))
                .onCommand(Resume.class, (s, c) -> missing(c.replyTo()))
                .onCommand(Cancel.class, (s, c) -> missing(c.replyTo()))
                .onCommand(Wake.class, (s, c) -> Effect().noReply())
                .onCommand(Opened.class, (s, c) -> Effect().noReply())
                .onCommand(ChunkDone.class, (s, c) -> Effect().noReply())
                .onCommand(WorkFailed.class, (s, c) -> Effect().noReply());
        b.forStateType(Batch.class)
                .onCommand(Submit.class, (s, c) -> Effect().reply(c.replyTo(), found(s)))
                .onCommand(Get.class, (s, c) -> Effect().reply(c.replyTo(), found(s)))
                .onCommand(Resume.class, this::onResume)
                .onCommand(Cancel.class, this::onCancel)
                .onCommand(Wake.class, this::onWake)
                .onCommand(Opened.class, this::onOpened)
                .onCommand(ChunkDone.class, this::onChunkDone)
                .onCommand(WorkFailed.class, this::onWorkFailed);
        return b.build();
    }

    private ReplyEffect<Event, State> onSubmit(Empty state, Submit c) {
        return Effect()
                .persist(new Submitted(c.spec(), c.total(), runtime.clock().instant()))
                .thenRun(s -> work((Batch) s))
                .thenReply(c.replyTo(), s -> found((Batch) s));
    }

    private ReplyEffect<Event, State> onWake(Batch state, Wake c) {
        if (state.running()) {
            work(state);
        }
        return Effect().noReply();
    }

    private ReplyEffect<Event, State> onResume(Batch state, Resume c) {
        if (state.running()) {
            work(state);
            return Effect().reply(c.replyTo(), found(state));
        }
        if (state.status().equals(BatchView.SUCCEEDED)) {
            return Effect().reply(c.replyTo(), new Refused(false, "the batch has already succeeded"));
        }
        return Effect()
                .persist(new Resumed(runtime.clock().instant()))
                .thenRun(s -> work((Batch) s))
                .thenReply(c.replyTo(), s -> found((Batch) s));
    }

    private ReplyEffect<Event, State> onCancel(Batch state, Cancel c) {
        if (!state.running()) {
            return Effect().reply(c.replyTo(), new Refused(false, "the batch is " + state.status()));
        }
        return Effect()
                .persist(new Cancelled(runtime.clock().instant()))
                .thenRun(s -> finished((Batch) s))
                .thenReply(c.replyTo(), s -> found((Batch) s));
    }

    private ReplyEffect<Event, State> onOpened(Batch state, Opened c) {
        if (c.generation() != generation || !state.running()) {
            c.worker().close();
            return Effect().noReply();
        }
        worker = c.worker();
        Progress start = worker.progress();
        nextChunk();
        if (start.equals(state.progress())) {
            return Effect().noReply();
        }
        // Lines written after the last checkpoint (before a stop) count from now on.
        return Effect()
                .persist(new Checkpointed(start, runtime.clock().instant()))
                .thenRun(s -> runtime.feed().checkpoint(view((Batch) s)))
                .thenNoReply();
    }

    private ReplyEffect<Event, State> onChunkDone(Batch state, ChunkDone c) {
        if (c.generation() != generation || !state.running() || worker == null) {
            return Effect().noReply();
        }
        Instant now = runtime.clock().instant();
        if (c.done()) {
            working = false;
            return Effect()
                    .persist(List.of(new Checkpointed(c.progress(), now), new Completed(now)))
                    .thenRun(s -> finished((Batch) s))
                    .thenNoReply();
        }
        // The next chunk runs while this checkpoint is written: a restart trusts the file's lines.
        nextChunk();
        return Effect()
                .persist(new Checkpointed(c.progress(), now))
                .thenRun(s -> runtime.feed().checkpoint(view((Batch) s)))
                .thenNoReply();
    }

    private ReplyEffect<Event, State> onWorkFailed(Batch state, WorkFailed c) {
        if (c.generation() != generation || !state.running()) {
            return Effect().noReply();
        }
        context.getLog().warn("batch {} failed: {}", batchId, c.reason());
        return Effect()
                .persist(new Failed(c.reason(), runtime.clock().instant()))
                .thenRun(s -> finished((Batch) s))
                .thenNoReply();
    }

    // ---- work -----------------------------------------------------------------------------

    /** Opens the worker at the checkpoint unless it is open or opening already. */
    private void work(Batch state) {
        if (working || worker != null) {
            return;
        }
        working = true;
        int current = ++generation;
        context.pipeToSelf(
                CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                return BatchWorker.open(batchId, state.spec(), state.progress(), runtime);
                            } catch (Exception e) {
                                throw new IllegalStateException(reason(e), e);
                            }
                        },
                        runtime.blocking()),
                (opened, failure) ->
                        failure != null ? new WorkFailed(current, reason(failure)) : new Opened(current, opened));
    }

    private void nextChunk() {
        BatchWorker w = worker;
        int current = generation;
        context.pipeToSelf(
                CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                return w.chunk(CHECKPOINT_EVERY);
                            } catch (Exception e) {
                                throw new IllegalStateException(reason(e), e);
                            }
                        },
                        runtime.blocking()),
                (step, failure) -> failure != null
                        ? new WorkFailed(current, reason(failure))
                        : new ChunkDone(current, step.progress(), step.done()));
    }

    private void finished(Batch state) {
        closeWorker();
        runtime.feed().finished(view(state));
    }

    private void closeWorker() {
        working = false;
        generation++;
        if (worker != null) {
            worker.close();
            worker = null;
        }
    }

    private static String reason(Throwable e) {
        Throwable t = e;
        while ((t.getCause() != null) && (t instanceof IllegalStateException || t.getMessage() == null)) {
            if (t instanceof BatchWorker.Abandoned) {
                break;
            }
            t = t.getCause();
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }

    // ---- replies --------------------------------------------------------------------------

    private ReplyEffect<Event, State> missing(ActorRef<Reply> replyTo) {
        return Effect().reply(replyTo, new Refused(true, "no batch " + batchId));
    }

    private Found found(Batch b) {
        return new Found(view(b));
    }

    private BatchView view(Batch b) {
        return new BatchView(
                batchId,
                b.spec().kind(),
                b.spec().runId(),
                b.spec().tool(),
                b.status(),
                b.total(),
                b.progress().processed(),
                b.progress().errors(),
                b.createdAt(),
                b.updatedAt(),
                b.failure());
    }

    // ---- events ---------------------------------------------------------------------------

    @Override
    public EventHandler<State, Event> eventHandler() {
        var b = newEventHandlerBuilder();
        b.forStateType(Empty.class)
                .onEvent(
                        Submitted.class,
                        e -> new Batch(e.spec(), e.total(), BatchView.RUNNING, Progress.NONE, e.at(), e.at(), null));
        b.forStateType(Batch.class)
                .onEvent(
                        Checkpointed.class,
                        (s, e) -> new Batch(
                                s.spec(), s.total(), s.status(), e.progress(), s.createdAt(), e.at(), s.failure()))
                .onEvent(Completed.class, (s, e) -> s.with(BatchView.SUCCEEDED, e.at(), null))
                .onEvent(Failed.class, (s, e) -> s.with(BatchView.FAILED, e.at(), e.reason()))
                .onEvent(Cancelled.class, (s, e) -> s.with(BatchView.CANCELLED, e.at(), null))
                .onEvent(Resumed.class, (s, e) -> s.with(BatchView.RUNNING, e.at(), null));
        return b.build();
    }
}
