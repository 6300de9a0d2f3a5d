package svc.core.task;

import java.time.Instant;

/**
 * How a run reaches the admission queue that bounds the runs running at once. The queue keeps
 * nothing durable: runs register again when woken after a restart.
 */
public interface AdmissionPort {

    /**
     * The run wants a slot; it waits its turn by creation time. A run {@code resuming} after a
     * person approved its gate goes ahead of runs that have not started.
     */
    void enqueue(String runId, Instant createdAt, boolean resuming);

    /** A run that was running before a restart takes its slot back without queueing. */
    void claim(String runId);

    /** The run no longer needs its slot (it finished, failed, was cancelled or waits for a person). */
    void release(String runId);
}
