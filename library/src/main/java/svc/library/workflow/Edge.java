package svc.library.workflow;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A directed edge. The routing keys live in {@code metadata} (as the spec defines edges as
 * source, target, priority, metadata): {@code condition}, {@code default} and
 * {@code max_iterations}; other keys are kept for tools and dashboards.
 *
 * @param priority higher is tried first when a router weighs its edges
 */
public record Edge(String source, String target, int priority, Map<String, Object> metadata) {

    public static final String CONDITION = "condition";
    public static final String DEFAULT = "default";
    public static final String MAX_ITERATIONS = "max_iterations";

    public Edge {
        // Not Map.copyOf: YAML may hold a key with a null value, which copyOf rejects.
        metadata = Collections.unmodifiableMap(new LinkedHashMap<>(metadata));
    }

    /** The router condition, in the grammar of {@link Condition}. */
    public Optional<String> condition() {
        return Optional.ofNullable(metadata.get(CONDITION)).map(String::valueOf);
    }

    /** Whether this is the edge a router takes when no condition holds. */
    public boolean isDefault() {
        return Boolean.TRUE.equals(metadata.get(DEFAULT));
    }

    /** How often a run may take this edge; bounds the cycle it closes. */
    public OptionalInt maxIterations() {
        Object value = metadata.get(MAX_ITERATIONS);
        return value instanceof Number n ? OptionalInt.of(n.intValue()) : OptionalInt.empty();
    }

    @Override
    public String toString() {
        return source + " -> " + target;
    }
}
