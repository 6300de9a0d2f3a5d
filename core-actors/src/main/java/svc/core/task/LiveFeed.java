package svc.core.task;

/**
 * Where an entity publishes what just happened, after it is in the journal, for whoever watches
 * a run live (the WebSocket stream, the demo's console). Watching never slows a run down: an
 * implementation must not block and may drop events for a slow watcher.
 *
 * @param <E> the entity's event type
 */
@FunctionalInterface
public interface LiveFeed<E> {

    /**
     * {@code source} is the publishing agent's name, or {@link #RUN} for the run itself;
     * {@code seqNr} is the event's sequence number in that source's journal, so a watcher that
     * replayed the journal up to some number can tell which live events it has already seen.
     */
    void publish(String runId, String source, long seqNr, E event);

    /** The source name of a run's own events. */
    String RUN = "run";

    static <E> LiveFeed<E> none() {
        return (runId, source, seqNr, event) -> {};
    }
}
