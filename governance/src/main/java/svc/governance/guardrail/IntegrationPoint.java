package svc.governance.guardrail;

/**
 * Where in an agent's loop a guardrail chain runs. The spec fixes seven points and names five
 * (PRE_LLM, POST_LLM, POST_TOOL, STORAGE_WRITE, AGENT_DELEGATE); the other two are the remaining
 * guardrail-relevant hook events of the spec's ten: PRE_TOOL (tool arguments before dispatch,
 * where G1 egress runs) and LLM_CALL_WRAPPER (around the whole provider call, for guardrails that
 * need request and response together). SESSION_START and the compaction hooks carry no payload
 * worth judging, so they are hook events only.
 */
public enum IntegrationPoint {
    /** The messages about to be sent to the model (G3 prompt injection). */
    PRE_LLM,
    /** The model's answer before it is appended to the conversation (G4 PII). */
    POST_LLM,
    /** A tool call's arguments before the tool runs (G1 egress). */
    PRE_TOOL,
    /** A tool's result before the model sees it (G4 PII). */
    POST_TOOL,
    /** Anything about to be written to disk or a table (G4 PII). */
    STORAGE_WRITE,
    /** A {@code transfer_to_<agent>} delegation (G10 delegation limits). */
    AGENT_DELEGATE,
    /** The provider call as a whole: request and response, for cost or policy wrappers. */
    LLM_CALL_WRAPPER
}
