package svc.core.gates;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.apache.pekko.actor.NoSerializationVerificationNeeded;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.core.CborSerializable;
import svc.core.run.RunEntity;
import svc.persistence.Database;
import svc.persistence.approvals.ApprovalRepository;

/**
 * Runs the approval sweep on a timer (one per cluster, as a singleton): reads pending gates from
 * the read side on the JDBC dispatcher, decides with {@link GateSweep} and tells the runs. The
 * people are told by the notification outbox, which the run projection fills from the
 * {@code GateEscalated} and {@code GateExpired} events the runs then persist: a notification
 * failure can never reach the sweep.
 */
public final class GateSweeper {

    private static final Logger LOG = LoggerFactory.getLogger(GateSweeper.class);

    /** Messages of the sweeper. */
    public sealed interface Command extends CborSerializable {}

    /** Sweep now; the report goes to {@code replyTo} when given. */
    public record Sweep(ActorRef<GateSweep.Report> replyTo) implements Command {}

    private record Loaded(List<GateSweep.PendingGate> gates, ActorRef<GateSweep.Report> replyTo, Throwable failure)
            implements Command, NoSerializationVerificationNeeded {}

    public static Behavior<Command> create(Database database, Executor jdbc, Duration interval) {
        return Behaviors.setup(ctx -> Behaviors.withTimers(timers -> {
            timers.startTimerWithFixedDelay("sweep", new Sweep(null), interval);
            return running(ctx, database, jdbc, GateSweep.systemClocks());
        }));
    }

    private static Behavior<Command> running(
            ActorContext<Command> ctx, Database database, Executor jdbc, GateSweep sweep) {
        ApprovalRepository approvals = new ApprovalRepository(database.columns());
        ClusterSharding sharding = ClusterSharding.get(ctx.getSystem());
        return Behaviors.receive(Command.class)
                .onMessage(Sweep.class, msg -> {
                    CompletableFuture<List<GateSweep.PendingGate>> load = CompletableFuture.supplyAsync(
                            () -> {
                                try (Connection c = database.connection()) {
                                    return approvals.list(c, "pending", null, 10_000, 0).stream()
                                            .map(g -> new GateSweep.PendingGate(
                                                    g.gateId(),
                                                    g.runId(),
                                                    g.createdAt(),
                                                    g.ttlSeconds(),
                                                    g.escalateAfterSeconds(),
                                                    g.escalatedAt()))
                                            .toList();
                                } catch (SQLException e) {
                                    throw new IllegalStateException(e);
                                }
                            },
                            jdbc);
                    ctx.pipeToSelf(load, (gates, failure) -> new Loaded(gates, msg.replyTo(), failure));
                    return Behaviors.same();
                })
                .onMessage(Loaded.class, msg -> {
                    if (msg.failure() != null) {
                        LOG.warn(
                                "approval sweep could not read pending gates: {}",
                                msg.failure().getMessage());
                        return Behaviors.same();
                    }
                    GateSweep.Report report = sweep.sweep(msg.gates());
                    Instant at = report.sweptAt();
                    for (GateSweep.PendingGate gate : msg.gates()) {
                        if (report.escalatedGateIds().contains(gate.gateId())) {
                            sharding.entityRefFor(RunEntity.ENTITY_TYPE_KEY, gate.runId())
                                    .tell(new RunEntity.EscalateGate(gate.gateId(), at));
                        }
                        if (report.expiredGateIds().contains(gate.gateId())) {
                            sharding.entityRefFor(RunEntity.ENTITY_TYPE_KEY, gate.runId())
                                    .tell(new RunEntity.ExpireGate(gate.gateId()));
                        }
                    }
                    if (!report.expiredGateIds().isEmpty()
                            || !report.escalatedGateIds().isEmpty()) {
                        LOG.info(
                                "approval sweep: expired {} escalated {}",
                                report.expiredGateIds(),
                                report.escalatedGateIds());
                    }
                    if (msg.replyTo() != null) {
                        msg.replyTo().tell(report);
                    }
                    return Behaviors.same();
                })
                .build();
    }
}
