package svc.http.stream;

import static org.apache.pekko.http.javadsl.server.Directives.extractWebSocketUpgrade;
import static org.apache.pekko.http.javadsl.server.Directives.handleWebSocketMessages;
import static org.apache.pekko.http.javadsl.server.Directives.onSuccess;

import java.util.List;
import java.util.concurrent.Executor;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.http.javadsl.model.ws.Message;
import org.apache.pekko.http.javadsl.model.ws.TextMessage;
import org.apache.pekko.http.javadsl.server.Route;
import org.apache.pekko.stream.javadsl.Flow;
import org.apache.pekko.stream.javadsl.Sink;
import svc.core.agent.AgentDirectory;
import svc.core.agent.AgentProfile;
import svc.core.run.RunService;
import svc.core.stream.LiveEventHub;
import svc.core.stream.RunHistory;
import svc.governance.permission.Role;
import svc.http.server.Call;
import svc.http.server.Endpoint;
import svc.http.server.Endpoint.Doc;
import svc.http.server.Endpoint.Query;

/**
 * {@code /api/v1/pipelines/{run_id}/stream} (alias {@code /ws}): a run's stream messages,
 * replayed from the start and then live. What the client sends is ignored; the socket closes
 * after the run's final state.
 */
public final class RunStreamEndpoints {

    private final RunService runs;
    private final LiveEventHub hub;
    private final RunHistory history;
    private final List<String> agents;
    private final ActorSystem<?> system;
    private final Executor callbacks;
    private final int bound;

    public RunStreamEndpoints(
            RunService runs, LiveEventHub hub, AgentDirectory directory, ActorSystem<?> system, int bound) {
        this.runs = runs;
        this.hub = hub;
        this.history = new RunHistory(system);
        this.agents = directory.all().stream().map(AgentProfile::name).toList();
        this.system = system;
        this.callbacks = system.executionContext();
        this.bound = bound;
    }

    public List<Endpoint> endpoints() {
        return List.of(
                endpoint("/api/v1/pipelines/{run_id}/stream", "streams.run"),
                endpoint("/api/v1/pipelines/{run_id}/ws", "streams.run.ws"));
    }

    private Endpoint endpoint(String template, String endpointClass) {
        return new Endpoint(
                "WS",
                template,
                Role.VIEWER,
                endpointClass,
                Doc.of(
                                "pipelines",
                                "WebSocket (token in ?token=): the run's messages as JSON text frames, replayed from"
                                        + " the start then live; closes after the final state",
                                "StreamMessage")
                        .status(101)
                        .query(new Query("token", "string", "access token"))
                        .errors(400, 401, 404),
                this::open);
    }

    /** Reads back from the journal what the live feed of a run skipped (see {@link LiveRelay}). */
    private LiveRelay.Filler filler(String runId) {
        return (source, from, to) -> history.range(runId, source, from, to)
                .thenApplyAsync(
                        found -> found.stream()
                                .map(r -> new LiveEventHub.LiveMessage(
                                        r.json(), r.finalMessage(), r.source(), r.seqNr(), false))
                                .toList(),
                        callbacks);
    }

    /** Upgrades to a WebSocket serving the run's history and then its live messages. */
    private Route open(Call call) {
        String runId = call.param("run_id");
        return extractWebSocketUpgrade(upgrade -> onSuccess(
                runs.get(runId)
                        .thenComposeAsync(
                                view -> {
                                    LiveRelay relay = new LiveRelay(runId, bound, filler(runId), callbacks);
                                    relay.subscribe(hub);
                                    return history.messages(runId, agents)
                                            .thenApplyAsync(
                                                    replay -> relay.start(RunHistory.closed(replay, view), system),
                                                    callbacks);
                                },
                                callbacks),
                source -> handleWebSocketMessages(Flow.fromSinkAndSourceCoupled(
                        Sink.<Message>ignore(), source.map(text -> (Message) TextMessage.create(text))))));
    }
}
