package svc.core.cron;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executor;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.SupervisorStrategy;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.cluster.typed.ClusterSingleton;
import org.apache.pekko.cluster.typed.SingletonActor;
import svc.core.run.RunService;
import svc.core.tools.ToolInvoker;
import svc.persistence.Database;
import svc.persistence.store.WorkingCopy;

/** Starts cron on a platform: the service and, when {@code svc.cron.scheduler} is on, the ticking singleton. */
public final class Cron {

    private Cron() {}

    public static CronService start(
            ActorSystem<?> system,
            Database database,
            RunService runs,
            ToolInvoker tools,
            WorkingCopy files,
            Executor jdbc,
            Executor ml,
            Clock clock,
            boolean scheduler,
            Duration interval) {
        CronService service = new CronService(
                new CronRepository(database.dataSource()), new CronTasks(runs, tools, files), jdbc, ml, clock);
        if (scheduler) {
            ClusterSingleton.get(system)
                    .init(SingletonActor.of(
                            Behaviors.supervise(CronScheduler.create(service, clock, interval))
                                    .onFailure(SupervisorStrategy.restart()),
                            "cron-scheduler"));
        }
        return service;
    }
}
