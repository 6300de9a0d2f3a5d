/**
 * The embedded, deterministic model that lets a run go end to end without a vendor.
 * {@code ScriptedModel} is a {@code MessagesTransport}: it reads a request as a {@code Dialogue},
 * hands it to the policy of the agent's tier ({@code DirectorPolicy}, {@code CoordinatorPolicy}
 * with its {@code StagePlan}, or {@code WorkerPolicy}) and writes the chosen {@code Move} (tool
 * calls, or a final answer shaped by {@code Answers}) back as a Messages-API response.
 */
package svc.core.llm.scripted;
