package svc.core.task;

import svc.core.CborSerializable;

/**
 * A run hands a stage to one of its agents. The task id is stable for the stage visit, so
 * sending the same assignment again is harmless: the agent answers again if it is done.
 */
public record TaskAssignment(String runId, String agent, String taskId, String text) implements CborSerializable {}
