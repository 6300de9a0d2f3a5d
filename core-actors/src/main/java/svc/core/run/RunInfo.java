package svc.core.run;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import svc.library.workflow.Workflow;

/**
 * What every live or finished run knows about itself, whatever its phase. Immutable: each
 * {@code with...} returns a changed copy, so the entity's event handlers stay pure folds. Maps keep
 * insertion order (the latest gate of a tool is the last one).
 *
 * @param edgeCounts how often each edge was taken (routers read it to bound loops)
 * @param visits the visit number of each node entered so far
 * @param agentCosts each agent's spend in the run (totals, as the agents report them)
 * @param budgetGrants how many budgets' worth of spend the run may use (one more per resume)
 */
public record RunInfo(
        RunSpec spec,
        Workflow workflow,
        Instant createdAt,
        Instant updatedAt,
        Map<String, Object> facts,
        Map<String, Integer> edgeCounts,
        Map<String, Integer> visits,
        Map<String, Double> agentCosts,
        int delegations,
        Map<String, Gate> gates,
        String currentNode,
        int budgetGrants) {

    /** A run just created: nothing done, nothing spent, one budget. */
    public static RunInfo created(RunSpec spec, Workflow workflow, Instant at) {
        return new RunInfo(spec, workflow, at, at, Map.of(), Map.of(), Map.of(), Map.of(), 0, Map.of(), null, 1);
    }

    public double costUsd() {
        return agentCosts.values().stream().mapToDouble(Double::doubleValue).sum();
    }

    public RunInfo at(Instant t) {
        return new RunInfo(
                spec,
                workflow,
                createdAt,
                t,
                facts,
                edgeCounts,
                visits,
                agentCosts,
                delegations,
                gates,
                currentNode,
                budgetGrants);
    }

    /** The run's facts with {@code more} added (a stage's findings win over older ones). */
    public RunInfo withFacts(Map<String, Object> more) {
        return new RunInfo(
                spec,
                workflow,
                createdAt,
                updatedAt,
                merged(facts, more),
                edgeCounts,
                visits,
                agentCosts,
                delegations,
                gates,
                currentNode,
                budgetGrants);
    }

    /** One more passage over the edge with this key. */
    public RunInfo withEdgeTaken(String edgeKey) {
        Map<String, Integer> counts = new LinkedHashMap<>(edgeCounts);
        counts.merge(edgeKey, 1, Integer::sum);
        return new RunInfo(
                spec,
                workflow,
                createdAt,
                updatedAt,
                facts,
                counts,
                visits,
                agentCosts,
                delegations,
                gates,
                currentNode,
                budgetGrants);
    }

    /** The run stands at {@code node}, on its {@code visit}-th visit. */
    public RunInfo withNodeEntered(String node, int visit) {
        return new RunInfo(
                spec,
                workflow,
                createdAt,
                updatedAt,
                facts,
                edgeCounts,
                merged(visits, Map.of(node, visit)),
                agentCosts,
                delegations,
                gates,
                node,
                budgetGrants);
    }

    /** {@code agent} has spent {@code totalUsd} in this run so far. */
    public RunInfo withAgentCost(String agent, double totalUsd) {
        return new RunInfo(
                spec,
                workflow,
                createdAt,
                updatedAt,
                facts,
                edgeCounts,
                visits,
                merged(agentCosts, Map.of(agent, totalUsd)),
                delegations,
                gates,
                currentNode,
                budgetGrants);
    }

    public RunInfo withDelegationCounted() {
        return new RunInfo(
                spec,
                workflow,
                createdAt,
                updatedAt,
                facts,
                edgeCounts,
                visits,
                agentCosts,
                delegations + 1,
                gates,
                currentNode,
                budgetGrants);
    }

    /** A resume grants one more budget's worth of spend. */
    public RunInfo withBudgetGranted() {
        return new RunInfo(
                spec,
                workflow,
                createdAt,
                updatedAt,
                facts,
                edgeCounts,
                visits,
                agentCosts,
                delegations,
                gates,
                currentNode,
                budgetGrants + 1);
    }

    /** The gate, added or replacing the one with its id. */
    public RunInfo withGate(Gate gate) {
        return new RunInfo(
                spec,
                workflow,
                createdAt,
                updatedAt,
                facts,
                edgeCounts,
                visits,
                agentCosts,
                delegations,
                merged(gates, Map.of(gate.gateId(), gate)),
                currentNode,
                budgetGrants);
    }

    private static <V> Map<String, V> merged(Map<String, V> base, Map<String, ? extends V> more) {
        Map<String, V> copy = new LinkedHashMap<>(base);
        copy.putAll(more);
        return Collections.unmodifiableMap(copy);
    }
}
