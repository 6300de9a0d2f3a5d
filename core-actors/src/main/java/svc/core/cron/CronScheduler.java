package svc.core.cron;

import java.time.Clock;
import java.time.Duration;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * The cluster singleton that ticks: at start and then every {@code interval} it asks
 * {@link CronService#tick} to fire the due slots at the clock's time. It holds no state: the last
 * fired slots are in the database, so a restart or a failover picks up where the last tick left.
 */
public final class CronScheduler {

    /** The one message: time to look at the schedules. */
    public enum Tick {
        INSTANCE
    }

    private CronScheduler() {}

    public static Behavior<Tick> create(CronService service, Clock clock, Duration interval) {
        return Behaviors.withTimers(timers -> {
            timers.startTimerWithFixedDelay(Tick.INSTANCE, Duration.ZERO, interval);
            return Behaviors.receive(Tick.class)
                    .onMessage(Tick.class, t -> {
                        // The tick's work runs on the JDBC and ML dispatchers; the actor only keeps time.
                        service.tick(clock.instant());
                        return Behaviors.same();
                    })
                    .build();
        });
    }
}
