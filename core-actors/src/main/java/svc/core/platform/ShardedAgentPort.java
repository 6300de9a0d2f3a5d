package svc.core.platform;

import java.util.List;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import svc.core.agent.AgentEntity;
import svc.core.task.AgentPort;
import svc.core.task.Requester;
import svc.core.task.TaskAssignment;

/** Reaches a run's agents through cluster sharding. */
final class ShardedAgentPort implements AgentPort {

    private final ClusterSharding sharding;

    ShardedAgentPort(ClusterSharding sharding) {
        this.sharding = sharding;
    }

    @Override
    public void assign(TaskAssignment a) {
        // A stage task starts a delegation chain: depth 0, nobody in the chain yet.
        sharding.entityRefFor(AgentEntity.ENTITY_TYPE_KEY, AgentEntity.entityId(a.runId(), a.agent()))
                .tell(new AgentEntity.AssignTask(a.taskId(), Requester.run(), a.text(), 0, List.of()));
    }
}
