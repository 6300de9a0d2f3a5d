package svc.core.run;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import svc.library.workflow.Condition;
import svc.library.workflow.ConditionException;
import svc.library.workflow.Edge;
import svc.library.workflow.Node;
import svc.library.workflow.Workflow;

/**
 * Where a run goes after a node: the pure part of the director's job. A router takes the first
 * edge, by priority, whose condition holds and whose {@code max_iterations} is not used up,
 * else its default edge; any other node takes its first edge that is not used up. No edge
 * means the run is complete.
 */
public final class WorkflowWalk {

    /** The chosen edge, or none when the node ends the run; with a note on skipped conditions. */
    public record Step(Optional<Edge> edge, String note) {}

    private WorkflowWalk() {}

    public static Step next(
            Workflow workflow, String nodeId, Map<String, Object> facts, Map<String, Integer> edgeCounts) {
        List<Edge> outgoing = workflow.outgoing(nodeId);
        if (outgoing.isEmpty()) {
            return new Step(Optional.empty(), "");
        }
        Node node = workflow.node(nodeId).orElseThrow();
        StringBuilder note = new StringBuilder();
        Edge fallback = null;
        for (Edge edge : outgoing) {
            if (exhausted(edge, edgeCounts)) {
                continue;
            }
            if (!(node instanceof Node.Router)) {
                return new Step(Optional.of(edge), "");
            }
            if (edge.isDefault()) {
                fallback = fallback == null ? edge : fallback;
                continue;
            }
            Optional<String> condition = edge.condition();
            if (condition.isEmpty()) {
                continue;
            }
            try {
                if (Condition.parse(condition.get()).test(facts)) {
                    return new Step(Optional.of(edge), "");
                }
            } catch (ConditionException e) {
                // A condition over facts the run does not have does not hold; say so in the history.
                note.append(e.getMessage()).append("; ");
            }
        }
        if (fallback != null) {
            return new Step(Optional.of(fallback), note.toString());
        }
        throw new IllegalStateException("router " + nodeId + " has no edge left to take (" + note + ")");
    }

    public static String key(Edge edge) {
        return edge.source() + "->" + edge.target();
    }

    private static boolean exhausted(Edge edge, Map<String, Integer> edgeCounts) {
        return edge.maxIterations().isPresent()
                && edgeCounts.getOrDefault(key(edge), 0) >= edge.maxIterations().getAsInt();
    }
}
