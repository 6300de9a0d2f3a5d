package svc.core.task;

import java.time.Duration;
import org.apache.pekko.actor.typed.BackoffSupervisorStrategy;
import org.apache.pekko.actor.typed.SupervisorStrategy;

/**
 * How the entities (runs, agents) meet a failed journal write: restarted with backoff rather than
 * stopped. Stopped, nothing would wake an agent, and its run would wait for its answer forever
 * ({@code CrashProcessTest} stops PostgreSQL under a run). Here so that the entities share it
 * without naming one another's packages.
 */
public final class JournalFailure {

    public static final BackoffSupervisorStrategy RESTART_WITH_BACKOFF =
            SupervisorStrategy.restartWithBackoff(Duration.ofMillis(500), Duration.ofSeconds(15), 0.2);

    private JournalFailure() {}
}
