package svc.library.workflow;

import java.util.List;
import svc.library.roster.Team;

/** A node of a validated workflow graph: a stage, a router or a checkpoint. */
public sealed interface Node permits Node.Stage, Node.Router, Node.Checkpoint {

    String id();

    /**
     * Hands {@code goal} to the coordinator of {@code team}.
     *
     * @param parallel agents of the team that research the goal side by side before a supervisor
     *     merges their answers; empty when the coordinator works the goal alone
     */
    record Stage(String id, Team team, String goal, List<String> parallel) implements Node {
        public Stage {
            parallel = List.copyOf(parallel);
        }
    }

    /** Chooses one outgoing edge by priority and condition; carries no fields of its own. */
    record Router(String id) implements Node {}

    /**
     * Opens a human approval gate and waits for a decision.
     *
     * @param ttlSeconds           seconds before an undecided gate expires; null for never
     * @param escalateAfterSeconds seconds before the gate is escalated; null for never
     * @param notifyChannels       where gate notifications go (e.g. {@code email}, {@code slack})
     */
    record Checkpoint(
            String id, GateType gateType, Long ttlSeconds, Long escalateAfterSeconds, List<String> notifyChannels)
            implements Node {
        public Checkpoint {
            notifyChannels = List.copyOf(notifyChannels);
        }
    }
}
