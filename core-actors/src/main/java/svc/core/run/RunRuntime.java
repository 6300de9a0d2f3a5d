package svc.core.run;

import java.util.function.Function;
import svc.core.CoreSettings;
import svc.core.task.AdmissionPort;
import svc.core.task.AgentPort;
import svc.core.task.LiveFeed;
import svc.core.telemetry.Tracing;

/**
 * What a run entity needs besides its journal, handed over when sharding is initialised: the
 * ports to its agents and to the admission queue, where live events go, and who directs.
 */
public record RunRuntime(
        CoreSettings settings,
        AdmissionPort admission,
        AgentPort agents,
        LiveFeed<RunEntity.Event> liveFeed,
        String directorName,
        Function<String, String> coordinatorOfTeam,
        Tracing tracing) {

    String coordinatorOf(String team) {
        return coordinatorOfTeam.apply(team);
    }
}
