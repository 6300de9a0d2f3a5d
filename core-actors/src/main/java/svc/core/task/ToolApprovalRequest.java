package svc.core.task;

import svc.core.CborSerializable;

/**
 * An agent's tool call needs a person's approval (the permission engine said ASK). The run opens
 * a gate for it, or finds the one already open or approved, and answers with a {@link StepPermit}
 * when it is decided: {@code Proceed} when approved, {@code Refuse} when rejected, expired or the
 * run ends.
 */
public record ToolApprovalRequest(String runId, String agent, String tool, String callId, String reason)
        implements CborSerializable {}
