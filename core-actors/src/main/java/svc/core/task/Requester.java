package svc.core.task;

import svc.core.CborSerializable;

/**
 * Who gave an agent a task, so the answer can find its way back after any restart: the run
 * itself (a stage) or another agent (a delegation, answered as that agent's tool result).
 */
public record Requester(Kind kind, String agent, String callId) implements CborSerializable {

    /** The run or an agent. */
    public enum Kind {
        RUN,
        AGENT
    }

    public static Requester run() {
        return new Requester(Kind.RUN, null, null);
    }

    public static Requester agent(String agent, String callId) {
        return new Requester(Kind.AGENT, agent, callId);
    }
}
