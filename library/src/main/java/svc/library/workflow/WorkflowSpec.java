package svc.library.workflow;

import java.util.List;
import java.util.Map;

/**
 * A workflow exactly as written in YAML, before validation: every field may be missing or hold
 * an unknown value. {@link WorkflowValidator} checks it; {@link WorkflowLoader} turns a valid one
 * into a {@link Workflow}. Keeping the raw form apart lets the validator report every problem
 * at once instead of stopping at the first value Jackson cannot bind.
 */
public record WorkflowSpec(String name, String description, String start, List<NodeSpec> nodes, List<EdgeSpec> edges) {

    public WorkflowSpec {
        nodes = nodes == null ? List.of() : List.copyOf(nodes);
        edges = edges == null ? List.of() : List.copyOf(edges);
    }

    /** A node as written; which fields apply depends on {@code type}. */
    public record NodeSpec(
            String id,
            String type,
            String team,
            String goal,
            List<String> parallel,
            String gateType,
            Long ttlSeconds,
            Long escalateAfterSeconds,
            List<String> notifyChannels) {}

    /** An edge as written; {@code priority} defaults to 0 and {@code metadata} to empty. */
    public record EdgeSpec(String source, String target, Integer priority, Map<String, Object> metadata) {

        public EdgeSpec {
            metadata = metadata == null ? Map.of() : metadata;
        }

        /** How problems name this edge: {@code edge source -> target}. */
        public String label() {
            return "edge " + source + " -> " + target;
        }
    }
}
