/**
 * The agents of a run: {@code AgentEntity} (one event-sourced loop per agent and run: model
 * turn, tool calls or delegations, results, again), the roster as the core runs it
 * ({@code AgentDirectory}, {@code AgentProfile}), what an agent is given at start
 * ({@code AgentRuntime}, with {@code AgentMail}, how agents reach agents through sharding), and
 * {@code AppendLog}, the append-only list that keeps an agent's recovery linear. Agents reach
 * their run only through {@code svc.core.task.RunPort}.
 */
package svc.core.agent;
