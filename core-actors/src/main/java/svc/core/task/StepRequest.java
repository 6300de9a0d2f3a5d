package svc.core.task;

import svc.core.CborSerializable;

/**
 * An agent asks its run before each step (a model call or a delegation). {@code agentCostUsd} is
 * everything that agent has spent in the run so far (a total, so a repeated request never counts
 * twice). {@code model} and {@code provider} are what the spend since the agent's previous request
 * went to (its last model call), for the costs report. The run answers with a {@link StepPermit}.
 */
public record StepRequest(
        String runId, String agent, double agentCostUsd, boolean delegation, String model, String provider)
        implements CborSerializable {}
