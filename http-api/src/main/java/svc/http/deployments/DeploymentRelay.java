package svc.http.deployments;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.pekko.NotUsed;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.japi.Pair;
import org.apache.pekko.stream.BoundedSourceQueue;
import org.apache.pekko.stream.javadsl.Source;
import svc.config.Json;
import svc.core.deploy.DeploymentEvents;
import svc.core.deploy.DeploymentMessage;
import svc.core.deploy.DeploymentView;

/**
 * One client's view of a model name's events: its deployments now ({@code status}), then every
 * message of the name as it comes. News is offered to a bounded queue from the publisher's thread
 * and never waits: a client that falls behind misses messages (the next {@code traffic} and
 * {@code shadow} messages carry totals), never slows predictions. The stream ends when the client
 * leaves.
 */
final class DeploymentRelay implements DeploymentEvents.Listener {

    private final BoundedSourceQueue<String> queue;
    private final Source<String, NotUsed> source;
    private DeploymentEvents.Subscription subscription;

    DeploymentRelay(int bound, ActorSystem<?> system) {
        Pair<BoundedSourceQueue<String>, Source<String, NotUsed>> live =
                Source.<String>queue(bound).preMaterialize(system);
        this.queue = live.first();
        this.source = live.second().watchTermination((mat, done) -> {
            done.whenCompleteAsync((ok, failure) -> close(), system.executionContext());
            return mat;
        });
    }

    /** Subscribes first, then sends the status, so nothing published in between is lost. */
    synchronized Source<String, NotUsed> start(DeploymentEvents events, DeploymentView now) {
        subscription = events.subscribe(now.model(), this);
        ObjectNode status = Json.object().put("type", "status").put("model", now.model());
        status.set(
                "deployments", Json.MAPPER.valueToTree(ModelDeployments.of(now).deployments()));
        queue.offer(Json.write(status));
        return source;
    }

    @Override
    public void on(DeploymentMessage message) {
        queue.offer(message.json());
    }

    private synchronized void close() {
        if (subscription != null) {
            subscription.close();
            subscription = null;
        }
    }
}
