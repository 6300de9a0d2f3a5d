package svc.core.task;

/** How a run reaches its agents. */
public interface AgentPort {

    void assign(TaskAssignment assignment);
}
