package svc.core.notify;

import java.time.Clock;
import java.util.UUID;
import java.util.concurrent.Executor;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.SupervisorStrategy;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.cluster.typed.ClusterSingleton;
import org.apache.pekko.cluster.typed.SingletonActor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.persistence.Database;

/** Starts notifications on a platform: the service, and the dispatcher singleton of the cluster. */
public final class Notifications {

    private static final Logger LOG = LoggerFactory.getLogger(Notifications.class);

    private Notifications() {}

    public static NotificationService start(
            ActorSystem<?> system, Database database, NotificationSettings settings, Executor jdbc, Clock clock) {
        settings.warnings().forEach(w -> LOG.warn("notifications: {}", w));
        NotificationService service =
                new NotificationService(database.dataSource(), database.columns(), jdbc, settings);
        Executor deliveries =
                system.dispatchers().lookup(DispatcherSelector.fromConfig(NotificationSettings.DISPATCHER));
        // Built where the singleton runs, each incarnation with its own lease owner (a restarted
        // dispatcher waits out its predecessor's leases like anyone else's).
        Behavior<NotificationDispatcher.Command> dispatcher = Behaviors.setup(ctx -> NotificationDispatcher.create(
                new Courier(
                        database.dataSource(),
                        settings,
                        clock,
                        database.columns(),
                        "dispatcher-" + UUID.randomUUID(),
                        service::attempted),
                settings.pollInterval(),
                jdbc,
                deliveries));
        ClusterSingleton.get(system)
                .init(SingletonActor.of(
                        Behaviors.supervise(dispatcher).onFailure(SupervisorStrategy.restart()),
                        "notification-dispatcher"));
        return service;
    }
}
