package svc.core.run;

import java.util.function.Function;
import org.apache.pekko.actor.typed.ActorRef;
import svc.core.CoreSettings;
import svc.core.admission.Admission;
import svc.core.platform.LiveFeed;

/** What a run entity needs besides its journal, handed over when sharding is initialised. */
public record RunRuntime(
        CoreSettings settings,
        ActorRef<Admission.Command> admission,
        LiveFeed liveFeed,
        String directorName,
        Function<String, String> coordinatorOfTeam,
        svc.core.telemetry.Tracing tracing) {

    String coordinatorOf(String team) {
        return coordinatorOfTeam.apply(team);
    }
}
