package svc.core.task;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * How a run's tool registers the model it trained as a deployment of a model name (the name's
 * deployment entity, wherever it lives). The run's governance (permission engine, ASK gate,
 * compliance gates) has judged the call before the tool runs; the entity only checks that the
 * deployment fits the name's current deployments.
 */
@FunctionalInterface
public interface DeploymentPort {

    /**
     * A deployment of {@code modelId} (trained by {@code runId}, under {@code profile}) as
     * {@code role} ({@code champion}, {@code challenger} or {@code shadow}; null: champion when the
     * name has none, otherwise shadow). {@code trafficPct} is a challenger's share or a shadow's
     * mirrored share; null takes the default. The same {@code deploymentId} twice is one deployment,
     * so a tool call that runs again after a crash registers nothing new.
     */
    record Registration(
            String modelName,
            String deploymentId,
            String modelId,
            String runId,
            String profile,
            String role,
            Integer trafficPct,
            String environment,
            String by) {}

    /** The deployment as registered: its state ({@code active}, {@code challenger}, {@code shadow}) and share. */
    record Registered(String deploymentId, String state, int trafficPct, String environment) {}

    /** Fails with the entity's reason when the deployment does not fit (a challenger with no champion). */
    CompletionStage<Registered> register(Registration registration);

    /** For a core without deployments (tools and tests outside a platform): every registration fails. */
    DeploymentPort NONE = r ->
            CompletableFuture.failedFuture(new IllegalStateException("no deployment registry runs in this process"));
}
