package svc.core.agent;

/**
 * How an agent reaches an agent of its run, itself included, wherever that agent lives and
 * whether or not it is in memory: in production through its sharded entity reference, which
 * starts it from its journal if needed. Every answer an agent waits for (a permit, a model
 * answer, a tool result, a delegate's answer) comes back this way, never to the
 * {@code ActorRef} of the incarnation that asked, so a restart or a rebalance in between loses
 * nothing.
 */
@FunctionalInterface
public interface AgentMail {

    void tell(String runId, String agent, AgentEntity.Command command);
}
