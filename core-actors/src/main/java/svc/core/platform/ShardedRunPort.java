package svc.core.platform;

import java.time.Duration;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityRef;
import svc.core.run.RunEntity;
import svc.core.task.RunPort;
import svc.core.task.StepPermit;
import svc.core.task.StepRequest;
import svc.core.task.TaskAnswer;
import svc.core.task.ToolApprovalRequest;

/** Reaches runs through cluster sharding, wherever the run entity lives. */
final class ShardedRunPort implements RunPort {

    private final ClusterSharding sharding;
    private final Duration askTimeout;

    ShardedRunPort(ClusterSharding sharding, Duration askTimeout) {
        this.sharding = sharding;
        this.askTimeout = askTimeout;
    }

    @Override
    public CompletionStage<StepPermit> requestStep(StepRequest request) {
        return run(request.runId()).ask(replyTo -> new RunEntity.RequestStep(request, replyTo), askTimeout);
    }

    @Override
    public CompletionStage<StepPermit> requestToolApproval(ToolApprovalRequest request) {
        return run(request.runId()).ask(replyTo -> new RunEntity.RequestToolApproval(request, replyTo), askTimeout);
    }

    @Override
    public void taskAnswered(TaskAnswer answer) {
        run(answer.runId()).tell(new RunEntity.TaskAnswered(answer));
    }

    @Override
    public void failRun(String runId, String reason) {
        run(runId).tell(new RunEntity.Fail(reason));
    }

    @Override
    public void admit(String runId) {
        run(runId).tell(new RunEntity.Admit());
    }

    private EntityRef<RunEntity.Command> run(String runId) {
        return sharding.entityRefFor(RunEntity.ENTITY_TYPE_KEY, runId);
    }
}
