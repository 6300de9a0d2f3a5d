package svc.core.cluster;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.cluster.ClusterEvent;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Subscribe;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Wakes the live runs when another node leaves the cluster (killed and downed, or stopped).
 *
 * <p>Why: a run and its agents live in one shard, so on one node. When that node goes, its shards
 * move to a survivor, but an entity starts there only when a message comes, and nothing on the
 * survivors would send one: the run waited for its own agents, which were on the lost node too.
 * Waking every live run is harmless for those that live elsewhere (a running run re-sends its
 * current task, which an agent already on it ignores) and restarts the others from their journal,
 * where a tool call with no recorded result runs again and a recorded one never does.
 */
public final class LostNodeWaker {

    private static final Logger LOG = LoggerFactory.getLogger(LostNodeWaker.class);

    private LostNodeWaker() {}

    /** {@code wakeLiveRuns} reads the database: it runs on {@code blocking}. */
    public static Behavior<ClusterEvent.MemberRemoved> create(Runnable wakeLiveRuns, Executor blocking) {
        return Behaviors.setup(context -> {
            Cluster cluster = Cluster.get(context.getSystem());
            cluster.subscriptions().tell(Subscribe.create(context.getSelf(), ClusterEvent.MemberRemoved.class));
            return Behaviors.receive(ClusterEvent.MemberRemoved.class)
                    .onMessage(ClusterEvent.MemberRemoved.class, removed -> {
                        if (!removed.member().equals(cluster.selfMember())) {
                            LOG.info(
                                    "node {} left the cluster ({}); waking the live runs",
                                    removed.member().address(),
                                    removed.previousStatus());
                            CompletableFuture.runAsync(wakeLiveRuns, blocking).exceptionally(e -> {
                                LOG.error("could not wake the live runs: {}", e.getMessage());
                                return null;
                            });
                        }
                        return Behaviors.same();
                    })
                    .build();
        });
    }
}
