package svc.core.batch;

import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.cluster.sharding.typed.ShardedDaemonProcessSettings;
import org.apache.pekko.cluster.sharding.typed.javadsl.ShardedDaemonProcess;
import org.apache.pekko.persistence.jdbc.query.javadsl.JdbcReadJournal;
import org.apache.pekko.projection.ProjectionBehavior;
import org.apache.pekko.projection.ProjectionId;
import org.apache.pekko.projection.eventsourced.javadsl.EventSourcedProvider;
import org.apache.pekko.projection.jdbc.javadsl.JdbcProjection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.core.CoreSettings;
import svc.core.datasets.DataRoots;
import svc.core.readside.PooledJdbcSession;
import svc.core.tools.ToolInvoker;
import svc.persistence.Database;

/** Starts batches on a platform: the sharded entity, its projection, and the wake-up of running ones. */
public final class Batches {

    private static final Logger LOG = LoggerFactory.getLogger(Batches.class);

    private Batches() {}

    /**
     * {@code ml} runs models, tools and the files (the ML dispatcher); {@code jdbc} the service's
     * database reads and input staging. The projection's offset tables must exist already.
     */
    public static BatchService start(
            ActorSystem<?> system,
            Database database,
            CoreSettings settings,
            DataRoots dataRoots,
            ToolInvoker tools,
            Executor ml,
            Executor jdbc,
            Clock clock) {
        BatchFeed feed = new BatchFeed();
        BatchFiles files = new BatchFiles(
                settings.home().resolve("batches"),
                settings.artifactStore().atRest().files().orElse(null));
        BatchEntity.init(system, new BatchRuntime(ml, feed, tools, clock, files));
        var projection = JdbcProjection.exactlyOnce(
                ProjectionId.of("batches", BatchEntity.TAG),
                EventSourcedProvider.<BatchEntity.Event>eventsByTag(
                        system, JdbcReadJournal.Identifier(), BatchEntity.TAG),
                () -> new PooledJdbcSession(database.dataSource()),
                () -> new BatchProjectionHandler(database.columns()),
                system);
        ShardedDaemonProcess.get(system)
                .init(
                        ProjectionBehavior.Command.class,
                        "batches-projection",
                        1,
                        i -> ProjectionBehavior.create(projection),
                        ShardedDaemonProcessSettings.create(system),
                        Optional.of(ProjectionBehavior.stopMessage()));
        BatchService service = new BatchService(system, database, settings, dataRoots, tools, feed, files, jdbc);
        CompletableFuture.runAsync(service::wakeRunning, jdbc).exceptionally(e -> {
            LOG.error("could not wake the batches that were running before the restart: {}", e.getMessage());
            return null;
        });
        return service;
    }
}
