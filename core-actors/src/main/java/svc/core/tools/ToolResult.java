package svc.core.tools;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;
import svc.config.Json;

/**
 * A tool's answer: JSON content the model reads, and facts (flat, dotted keys; strings, numbers
 * and booleans) that the run keeps for routing and for later stages.
 */
public record ToolResult(boolean ok, String contentJson, Map<String, Object> facts) {

    public ToolResult {
        facts = Map.copyOf(facts == null ? Map.of() : facts);
    }

    public static ToolResult ok(ObjectNode content, Map<String, Object> facts) {
        return new ToolResult(true, Json.write(content), facts);
    }

    public static ToolResult ok(ObjectNode content) {
        return ok(content, Map.of());
    }

    /** A failure the model should read: what went wrong and, where possible, what to do. */
    public static ToolResult error(String message) {
        return new ToolResult(false, Json.write(Json.object().put("error", message)), Map.of());
    }

    /** A mutable map for collecting facts in insertion order. */
    public static Map<String, Object> newFacts() {
        return new LinkedHashMap<>();
    }
}
