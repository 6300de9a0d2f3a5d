package svc.core.notify;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.apache.pekko.actor.NoSerializationVerificationNeeded;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.core.CborSerializable;
import svc.persistence.notifications.NotificationRow;

/**
 * Delivers the outbox, one per cluster (a singleton, so two nodes never work the same rows; the
 * rows' leases cover the moment of a hand-over). Every {@code poll-interval} it reads the due
 * rows on the JDBC dispatcher and attempts each on the notification dispatcher, several at once;
 * the next round starts when this one has ended, at once if it was a full batch.
 *
 * <p>States: {@code idle} (waiting for the tick) → {@code delivering} (a round in flight; ticks
 * are dropped) → {@code idle}.
 */
public final class NotificationDispatcher {

    private static final Logger LOG = LoggerFactory.getLogger(NotificationDispatcher.class);

    /** Messages of the dispatcher. */
    public sealed interface Command extends CborSerializable {}

    /** Look for due deliveries now. */
    public record Tick() implements Command {}

    private record RoundDone(Integer attempted, Throwable failure)
            implements Command, NoSerializationVerificationNeeded {}

    private NotificationDispatcher() {}

    static Behavior<Command> create(Courier courier, Duration interval, Executor jdbc, Executor deliveries) {
        return Behaviors.setup(ctx -> Behaviors.withTimers(timers -> {
            timers.startTimerWithFixedDelay("poll", new Tick(), interval);
            return idle(ctx, courier, jdbc, deliveries);
        }));
    }

    private static Behavior<Command> idle(
            ActorContext<Command> ctx, Courier courier, Executor jdbc, Executor deliveries) {
        return Behaviors.receive(Command.class)
                .onMessage(Tick.class, t -> {
                    ctx.pipeToSelf(round(courier, jdbc, deliveries), RoundDone::new);
                    return delivering(ctx, courier, jdbc, deliveries);
                })
                .onMessage(RoundDone.class, d -> Behaviors.same())
                .build();
    }

    private static Behavior<Command> delivering(
            ActorContext<Command> ctx, Courier courier, Executor jdbc, Executor deliveries) {
        return Behaviors.receive(Command.class)
                .onMessage(Tick.class, t -> Behaviors.same())
                .onMessage(RoundDone.class, d -> {
                    if (d.failure() != null) {
                        LOG.warn("notification round failed: {}", d.failure().toString());
                    } else if (d.attempted() >= courier.batchSize()) {
                        // A full batch: more are probably due; do not wait for the next tick.
                        ctx.getSelf().tell(new Tick());
                    }
                    return idle(ctx, courier, jdbc, deliveries);
                })
                .build();
    }

    /** Reads the due rows, then attempts them all; completes with how many were due. */
    private static CompletionStage<Integer> round(Courier courier, Executor jdbc, Executor deliveries) {
        return CompletableFuture.supplyAsync(courier::due, jdbc)
                .thenComposeAsync(rows -> attemptAll(courier, rows, deliveries), deliveries);
    }

    private static CompletionStage<Integer> attemptAll(
            Courier courier, List<NotificationRow> rows, Executor deliveries) {
        CompletableFuture<?>[] attempts = rows.stream()
                .map(row -> CompletableFuture.runAsync(() -> courier.attempt(row), deliveries))
                .toArray(CompletableFuture[]::new);
        return CompletableFuture.allOf(attempts).thenApplyAsync(v -> rows.size(), deliveries);
    }
}
