package svc.core.stream;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.Props;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.pubsub.Topic;
import org.apache.pekko.cluster.typed.Cluster;
import svc.config.Json;
import svc.core.CborSerializable;

/**
 * Live events across nodes: every message an entity of this node publishes goes to one cluster
 * topic, and what other nodes publish there is handed to this node's {@link LiveEventHub}. So a
 * WebSocket client on any node sees live what a run's agents do on every node.
 *
 * <p>Why one topic for all runs and not one per run: a node subscribes once, at start, so by the
 * time a client connects the other nodes already send everything here. A topic per run would be
 * subscribed when a client connects, and the other nodes learn of a new subscriber only when the
 * receptionist's registry reaches them (up to seconds later): what the run did in between would be
 * neither in the client's replay nor in its live feed. The price is that every event reaches every
 * node, watched or not (a few hundred bytes each; a run emits a few hundred events).
 *
 * <p>No gap and no duplicate at the hand-over from replay to live: the client subscribes first,
 * then reads the journal; each message carries its source's journal sequence number, and the
 * client drops live messages at or below what the replay covered for that source (see
 * {@code LiveRelay} in the API). Messages from one node arrive in the order it published them
 * (one sender, one receiver: Pekko keeps their order).
 */
public final class ClusterLiveEvents {

    /** The topic actor's name; its path is a large-message destination (see ClusterSettings). */
    public static final String TOPIC_ACTOR = "svc-live-events";

    /** One published stream message on its way between nodes. */
    public record Envelope(String origin, String runId, String source, long seqNr, String json, boolean finalMessage)
            implements CborSerializable {}

    private final ActorRef<Topic.Command<Envelope>> topic;
    private final ActorSystem<?> system;

    private ClusterLiveEvents(ActorRef<Topic.Command<Envelope>> topic, ActorSystem<?> system) {
        this.topic = topic;
        this.system = system;
    }

    /** Subscribes this node to the topic and relays the hub's local messages to it. */
    public static ClusterLiveEvents start(ActorSystem<?> system, LiveEventHub hub) {
        String self = Cluster.get(system).selfMember().address().toString();
        ActorRef<Topic.Command<Envelope>> topic =
                system.systemActorOf(Topic.create(Envelope.class, "svc-live-events"), TOPIC_ACTOR, Props.empty());
        ActorRef<Envelope> inbox = system.systemActorOf(receiver(self, hub), TOPIC_ACTOR + "-inbox", Props.empty());
        topic.tell(Topic.subscribe(inbox));
        hub.relayTo((runId, source, seqNr, json, finalMessage) ->
                topic.tell(Topic.publish(new Envelope(self, runId, source, seqNr, Json.write(json), finalMessage))));
        return new ClusterLiveEvents(topic, system);
    }

    /** Hands what other nodes published to the hub; this node's own messages were delivered already. */
    private static Behavior<Envelope> receiver(String self, LiveEventHub hub) {
        return Behaviors.receive(Envelope.class)
                .onMessage(Envelope.class, e -> {
                    if (!e.origin().equals(self)) {
                        hub.deliverRemote(
                                e.runId(), e.source(), e.seqNr(), (ObjectNode) Json.parse(e.json()), e.finalMessage());
                    }
                    return Behaviors.same();
                })
                .build();
    }

    /** How many nodes' topic instances this node knows (itself included): who will get its events. */
    public CompletionStage<Integer> knownNodes() {
        return AskPattern.<Topic.Command<Envelope>, Topic.TopicStats>ask(
                        topic, Topic::getTopicStats, Duration.ofSeconds(3), system.scheduler())
                .thenApplyAsync(Topic.TopicStats::topicInstanceCount, system.executionContext());
    }
}
