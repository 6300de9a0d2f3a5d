package svc.core.deploy;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * {@link DeploymentEvents} inside one node: delivery on the publisher's thread to the model's
 * subscribers and to those of every model; a subscriber that throws is dropped.
 */
public final class LocalDeploymentEvents implements DeploymentEvents {

    private final Map<String, List<Listener>> listeners = new ConcurrentHashMap<>();

    @Override
    public void publish(DeploymentMessage message) {
        deliver(message.model(), message);
        deliver(ALL, message);
    }

    @Override
    public Subscription subscribe(String model, Listener listener) {
        List<Listener> list = listeners.computeIfAbsent(model, k -> new CopyOnWriteArrayList<>());
        list.add(listener);
        return () -> list.remove(listener);
    }

    private void deliver(String key, DeploymentMessage message) {
        List<Listener> list = listeners.get(key);
        if (list == null) {
            return;
        }
        for (Listener l : list) {
            try {
                l.on(message);
            } catch (RuntimeException e) {
                list.remove(l);
            }
        }
    }
}
