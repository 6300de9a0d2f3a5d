package svc.core.task;

import svc.core.CborSerializable;

/**
 * An agent asks its run before each step (a model call or a delegation). {@code agentCostUsd} is
 * everything that agent has spent in the run so far (a total, so a repeated request never counts
 * twice). The run answers with a {@link StepPermit}.
 */
public record StepRequest(String runId, String agent, double agentCostUsd, boolean delegation)
        implements CborSerializable {}
