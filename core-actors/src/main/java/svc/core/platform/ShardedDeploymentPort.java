package svc.core.platform;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import svc.core.deploy.DeploySpec;
import svc.core.deploy.Deployment;
import svc.core.deploy.DeploymentEntity;
import svc.core.governance.GovernedTools;
import svc.core.run.RunErrors;
import svc.core.task.DeploymentPort;

/**
 * Reaches a model name's deployment entity through cluster sharding, wherever it lives. A
 * registration without a profile gets its run's (the run's request profile, else the platform's
 * default).
 */
final class ShardedDeploymentPort implements DeploymentPort {

    private final ClusterSharding sharding;
    private final Duration askTimeout;
    private final Path runsDir;
    private final String defaultProfile;
    private final Executor callbacks;

    ShardedDeploymentPort(
            ClusterSharding sharding, Duration askTimeout, Path runsDir, String defaultProfile, Executor callbacks) {
        this.sharding = sharding;
        this.askTimeout = askTimeout;
        this.runsDir = runsDir;
        this.defaultProfile = defaultProfile;
        this.callbacks = callbacks;
    }

    @Override
    public CompletionStage<Registered> register(Registration r) {
        String profile =
                r.profile() != null ? r.profile() : GovernedTools.profileOf(runsDir.resolve(r.runId()), defaultProfile);
        DeploySpec spec = new DeploySpec(
                r.deploymentId(),
                r.modelId(),
                r.runId(),
                profile,
                r.role(),
                r.trafficPct(),
                r.environment(),
                null,
                r.by());
        return sharding.entityRefFor(DeploymentEntity.ENTITY_TYPE_KEY, r.modelName())
                .<DeploymentEntity.Reply>ask(replyTo -> new DeploymentEntity.Deploy(spec, replyTo), askTimeout)
                .thenApplyAsync(
                        reply -> {
                            if (reply instanceof DeploymentEntity.Refused refused) {
                                throw new RunErrors.Conflict(refused.reason());
                            }
                            DeploymentEntity.Found f = (DeploymentEntity.Found) reply;
                            Deployment d = f.view().find(f.deploymentId()).orElseThrow();
                            return new Registered(d.deploymentId(), d.state(), d.trafficPct(), d.environment());
                        },
                        callbacks);
    }
}
