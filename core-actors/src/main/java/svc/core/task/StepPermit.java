package svc.core.task;

import svc.core.CborSerializable;

/**
 * The run's answer when an agent asks to take a step (a model call or a delegation): go on, or
 * stop because the run was cancelled, failed, or a run-wide limit was reached. A paused run does
 * not answer until it is resumed.
 */
public sealed interface StepPermit extends CborSerializable {

    /** Take the step. */
    record Proceed() implements StepPermit {}

    /** Do not take it; {@code endsTask} says whether the agent's task is over. */
    record Refuse(String reason, boolean endsTask) implements StepPermit {}
}
