package svc.core.admission;

import java.time.Instant;
import java.util.Comparator;
import java.util.HashSet;
import java.util.PriorityQueue;
import java.util.Set;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import svc.core.CborSerializable;
import svc.core.task.RunPort;

/**
 * Bounds the runs that run at once ({@code SVC_MAX_CONCURRENT_PIPELINES}); the rest wait. A run
 * coming back after a person approved its gate goes ahead of runs that have not started (it has
 * work in flight and someone waiting on it); within each group runs go in the order they were
 * created. It keeps nothing durable: runs register themselves when created and again when woken
 * after a restart, so its view is rebuilt from the runs' own journals.
 */
public final class Admission extends AbstractBehavior<Admission.Command> {

    /** Messages of the admission queue. */
    public sealed interface Command extends CborSerializable {}

    /**
     * A run wants a slot; it waits its turn by creation time, behind the runs that are
     * {@code resuming} (after an approval) unless it is one of them.
     */
    public record Enqueue(String runId, Instant createdAt, boolean resuming) implements Command {}

    /** A run that was running before a restart takes its slot back without queueing. */
    public record Claim(String runId) implements Command {}

    /** A run no longer needs its slot (it finished, failed, was cancelled or waits for a human). */
    public record Release(String runId) implements Command {}

    /** How full the platform is, for metrics and tests. */
    public record GetStatus(ActorRef<Status> replyTo) implements Command {}

    public record Status(int running, int queued, int capacity) implements CborSerializable {}

    private record Waiting(String runId, Instant createdAt, boolean resuming) {}

    private static final Comparator<Waiting> TURN = Comparator.comparing((Waiting w) -> !w.resuming())
            .thenComparing(Waiting::createdAt)
            .thenComparing(Waiting::runId);

    public static Behavior<Command> create(int capacity, RunPort runs) {
        return Behaviors.setup(ctx -> new Admission(ctx, capacity, runs));
    }

    private final int capacity;
    private final Set<String> running = new HashSet<>();
    private final PriorityQueue<Waiting> queue = new PriorityQueue<>(TURN);
    private final RunPort runs;

    private Admission(ActorContext<Command> context, int capacity, RunPort runs) {
        super(context);
        this.capacity = capacity;
        this.runs = runs;
    }

    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder()
                .onMessage(Enqueue.class, this::onEnqueue)
                .onMessage(Claim.class, this::onClaim)
                .onMessage(Release.class, this::onRelease)
                .onMessage(GetStatus.class, this::onGetStatus)
                .build();
    }

    private Behavior<Command> onEnqueue(Enqueue msg) {
        if (running.contains(msg.runId())) {
            // Admitted already, but the run did not hear it before a restart: tell it again.
            admit(msg.runId());
        } else if (queue.stream().noneMatch(w -> w.runId().equals(msg.runId()))) {
            queue.add(new Waiting(msg.runId(), msg.createdAt(), msg.resuming()));
        }
        fill();
        return this;
    }

    private Behavior<Command> onClaim(Claim msg) {
        queue.removeIf(w -> w.runId().equals(msg.runId()));
        running.add(msg.runId());
        return this;
    }

    private Behavior<Command> onRelease(Release msg) {
        running.remove(msg.runId());
        queue.removeIf(w -> w.runId().equals(msg.runId()));
        fill();
        return this;
    }

    private Behavior<Command> onGetStatus(GetStatus msg) {
        msg.replyTo().tell(new Status(running.size(), queue.size(), capacity));
        return this;
    }

    private void fill() {
        while (running.size() < capacity && !queue.isEmpty()) {
            Waiting next = queue.poll();
            running.add(next.runId());
            admit(next.runId());
        }
    }

    private void admit(String runId) {
        runs.admit(runId);
    }
}
