package svc.core.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.cluster.sharding.ShardRegion;
import org.apache.pekko.cluster.sharding.typed.ClusterShardingQuery;
import org.apache.pekko.cluster.sharding.typed.GetShardRegionState;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityTypeKey;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.core.agent.AgentEntity;
import svc.core.run.RunEntity;
import svc.core.run.RunView;
import svc.core.testing.FakeToolbox;
import svc.core.testing.PlatformFixture;

/**
 * No lost replies: a tool that takes longer than the idle timeout. Idle entities leave memory
 * meanwhile (the run too, while it waits for its director), the agents waiting for the tool or
 * for a delegate stay, and the tool's result finishes the run.
 */
class SlowToolTest {

    @TempDir
    Path home;

    private final FakeToolbox tools = new FakeToolbox();
    private PlatformFixture fx;

    @AfterEach
    void stop() {
        if (tools.holdTraining != null) {
            tools.holdTraining.countDown();
        }
        fx.close();
    }

    @Test
    void aRunWhoseToolOutlastsTheIdleTimeoutCompletes() throws Exception {
        tools.holdTraining = new CountDownLatch(1);
        fx = new PlatformFixture(home, tools);
        fx.start(Map.of(
                "svc.agents.idle-timeout", "2s",
                "pekko.cluster.sharding.passivation.default-idle-strategy.idle-entity.timeout", "2s"));
        RunView run = fx.startRun("fast_prototype");
        assertThat(tools.trainingStarted.await(30, TimeUnit.SECONDS)).isTrue();
        String id = run.runId();

        // Training is held until the idle entities have left: it outlasts the idle timeout.
        fx.eventually(Duration.ofSeconds(30), () -> {
            Set<String> agents = live(AgentEntity.ENTITY_TYPE_KEY);
            assertThat(agents)
                    .as("the agents waiting for the tool or for a delegate stay")
                    .contains(agent(id, "model-trainer"), agent(id, "training-coordinator"), agent(id, "director"));
            assertThat(agents)
                    .as("agents with no task passivate themselves")
                    .doesNotContain(agent(id, "data-profiler"), agent(id, "data-coordinator"));
            assertThat(live(RunEntity.ENTITY_TYPE_KEY))
                    .as("the run waiting for its director is passivated; the answer brings it back")
                    .doesNotContain(id);
        });
        tools.holdTraining.countDown();

        fx.awaitState(id, "succeeded");
        // The held call's result was taken, not lost and run again: one call per learner.
        assertThat(tools.callsTo(id, "train_model")).isEqualTo(2);
    }

    private static String agent(String runId, String name) {
        return AgentEntity.entityId(runId, name);
    }

    /** The ids of the entities of a type that are in memory now. */
    private Set<String> live(EntityTypeKey<?> type) {
        try {
            ShardRegion.CurrentShardRegionState state =
                    AskPattern.<ClusterShardingQuery, ShardRegion.CurrentShardRegionState>ask(
                                    ClusterSharding.get(fx.platform.system()).shardState(),
                                    replyTo -> new GetShardRegionState(type, replyTo),
                                    Duration.ofSeconds(5),
                                    fx.platform.system().scheduler())
                            .toCompletableFuture()
                            .get(10, TimeUnit.SECONDS);
            return state.getShards().stream()
                    .flatMap(s -> s.getEntityIds().stream())
                    .collect(Collectors.toSet());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
