package svc.core.deploy;

/**
 * Where a model name's live news goes: its deployment entity's changes (deployments, promotions,
 * canary decisions), traffic counts, shadow agreement and drift alerts, for the name's event
 * stream and for whoever caches its routes. One small interface so the transport can change (in
 * one node today, {@link LocalDeploymentEvents}; Pekko distributed pub-sub across nodes) without
 * touching publishers or subscribers. Delivery never blocks a publisher: a subscriber only hands
 * the message on.
 */
public interface DeploymentEvents {

    /** Subscribes to every model name's messages. */
    String ALL = "*";

    void publish(DeploymentMessage message);

    /** {@code model} is a model name or {@link #ALL}. */
    Subscription subscribe(String model, Listener listener);

    /** What a subscriber hears. */
    @FunctionalInterface
    interface Listener {
        void on(DeploymentMessage message);
    }

    /** A subscriber's handle; closing it stops delivery. */
    interface Subscription extends AutoCloseable {
        @Override
        void close();
    }
}
