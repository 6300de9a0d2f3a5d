package svc.core.task;

import java.time.Duration;
import org.apache.pekko.actor.typed.BackoffSupervisorStrategy;
import org.apache.pekko.actor.typed.SupervisorStrategy;

/** How the run's entities meet a journal write that fails. */
public final class JournalFailure {

    /**
     * A journal write that fails (the database down or restarting) restarts the entity from its
     * journal with backoff instead of stopping it: stopped, nothing would wake it and its run would
     * wait for it forever ({@code CrashProcessTest} stops PostgreSQL under a run).
     */
    public static final BackoffSupervisorStrategy RESTART_WITH_BACKOFF =
            SupervisorStrategy.restartWithBackoff(Duration.ofMillis(500), Duration.ofSeconds(15), 0.2);

    private JournalFailure() {}
}
