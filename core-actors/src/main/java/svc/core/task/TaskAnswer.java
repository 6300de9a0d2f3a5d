package svc.core.task;

import svc.core.CborSerializable;

/** An agent the run gave a task (the director, or a parallel researcher) has answered. */
public record TaskAnswer(String runId, String taskId, String agent, TaskOutcome outcome) implements CborSerializable {}
