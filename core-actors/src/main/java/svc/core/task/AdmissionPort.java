package svc.core.task;

import java.time.Instant;

/**
 * How a run reaches the admission queue that bounds the runs running at once. The queue keeps
 * nothing durable: runs register again when woken after a restart.
 */
public interface AdmissionPort {

    /** The run wants a slot; it waits its turn by creation time. */
    void enqueue(String runId, Instant createdAt);

    /** A run that was running before a restart takes its slot back without queueing. */
    void claim(String runId);

    /** The run no longer needs its slot (it finished, failed, was cancelled or waits for a person). */
    void release(String runId);
}
