package svc.library.workflow;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A validated workflow graph: every edge joins known nodes, every node is reachable from
 * {@code start}, routers have a default edge and every cycle is bounded. Build one with
 * {@link WorkflowLoader}; the director walks it from {@link #startNode()} until a node without
 * outgoing edges.
 */
public record Workflow(String name, String description, String start, List<Node> nodes, List<Edge> edges) {

    private static final Comparator<Edge> BY_PRIORITY =
            Comparator.comparingInt(Edge::priority).reversed();

    public Workflow {
        nodes = List.copyOf(nodes);
        edges = List.copyOf(edges);
    }

    public Optional<Node> node(String id) {
        return nodes.stream().filter(n -> n.id().equals(id)).findFirst();
    }

    public Node startNode() {
        return node(start).orElseThrow();
    }

    /** The edges leaving a node, highest priority first (ties keep file order). */
    public List<Edge> outgoing(String nodeId) {
        return edges.stream()
                .filter(e -> e.source().equals(nodeId))
                .sorted(BY_PRIORITY)
                .collect(Collectors.toUnmodifiableList());
    }

    /** Whether the node ends the run: it has no outgoing edges. */
    public boolean isEnd(String nodeId) {
        return edges.stream().noneMatch(e -> e.source().equals(nodeId));
    }

    /** Nodes by id, in file order. */
    public Map<String, Node> nodesById() {
        Map<String, Node> byId = new LinkedHashMap<>();
        nodes.forEach(n -> byId.put(n.id(), n));
        return byId;
    }
}
