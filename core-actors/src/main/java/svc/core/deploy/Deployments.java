package svc.core.deploy;

import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executor;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.cluster.sharding.typed.ShardedDaemonProcessSettings;
import org.apache.pekko.cluster.sharding.typed.javadsl.ShardedDaemonProcess;
import org.apache.pekko.persistence.jdbc.query.javadsl.JdbcReadJournal;
import org.apache.pekko.projection.ProjectionBehavior;
import org.apache.pekko.projection.ProjectionId;
import org.apache.pekko.projection.eventsourced.javadsl.EventSourcedProvider;
import org.apache.pekko.projection.jdbc.javadsl.JdbcProjection;
import svc.core.governance.DriftPolicy;
import svc.core.readside.PooledJdbcSession;
import svc.core.tools.ToolPermissions;
import svc.persistence.Database;
import svc.persistence.inference.PredictionRepository;
import svc.persistence.store.WorkingCopy;

/**
 * Starts deployments on a platform: the sharded entity, its projection, the deployment and
 * inference services, and the tick that sends traffic and agreement news.
 */
public final class Deployments {

    /** The services of a started platform. */
    public record Started(DeploymentService deployments, InferenceService inference) {}

    private Deployments() {}

    /**
     * {@code inference} answers predictions, {@code shadow} mirrored copies, {@code ml} loads the
     * training references, {@code jdbc} reads and writes the tables. The projection's offset tables
     * must exist already.
     */
    public static Started start(
            ActorSystem<?> system,
            Database database,
            DeploymentSettings settings,
            WorkingCopy files,
            String defaultProfile,
            DriftPolicy drift,
            ToolPermissions permissions,
            DeploymentEvents events,
            Executor inference,
            Executor shadow,
            Executor ml,
            Executor jdbc,
            Duration askTimeout,
            Clock clock) {
        DeploymentEntity.init(system, new DeploymentRuntime(events, clock));
        var projection = JdbcProjection.exactlyOnce(
                ProjectionId.of("deployments", DeploymentEntity.TAG),
                EventSourcedProvider.<DeploymentEntity.Event>eventsByTag(
                        system, JdbcReadJournal.Identifier(), DeploymentEntity.TAG),
                () -> new PooledJdbcSession(database.dataSource()),
                DeploymentProjectionHandler::new,
                system);
        ShardedDaemonProcess.get(system)
                .init(
                        ProjectionBehavior.Command.class,
                        "deployments-projection",
                        1,
                        i -> ProjectionBehavior.create(projection),
                        ShardedDaemonProcessSettings.create(system),
                        Optional.of(ProjectionBehavior.stopMessage()));
        DeploymentService deployments =
                new DeploymentService(system, database, files, defaultProfile, permissions, jdbc, askTimeout);
        InferenceService service = new InferenceService(
                deployments,
                new PredictionRepository(database.dataSource(), database.columns()),
                events,
                settings,
                drift::of,
                files,
                inference,
                shadow,
                ml,
                jdbc,
                system.executionContext(),
                clock);
        long every = settings.tick().toMillis();
        system.scheduler()
                .scheduleWithFixedDelay(
                        settings.tick(), settings.tick(), () -> service.tick(every), system.executionContext());
        return new Started(deployments, service);
    }
}
