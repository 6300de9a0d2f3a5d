package svc.core.task;

import java.util.concurrent.CompletionStage;

/** How agents and the admission queue reach a run. */
public interface RunPort {

    /** Asks for a step permit; fails when the run does not answer within the ask timeout. */
    CompletionStage<StepPermit> requestStep(StepRequest request);

    /** Asks for a tool approval; fails when the run does not answer within the ask timeout. */
    CompletionStage<StepPermit> requestToolApproval(ToolApprovalRequest request);

    void taskAnswered(TaskAnswer answer);

    /**
     * An agent met what no step of the run can get past (its artefact store is full): the run
     * fails with {@code reason}; its agents' next steps are refused.
     */
    void failRun(String runId, String reason);

    /** The admission queue gives the run a slot. */
    void admit(String runId);
}
