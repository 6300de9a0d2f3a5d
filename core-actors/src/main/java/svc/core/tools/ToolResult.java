package svc.core.tools;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import svc.config.Json;

/**
 * A tool's answer: JSON content the model reads, facts (flat, dotted keys; strings, numbers and
 * booleans) that the run keeps for routing and for later stages, and what the guardrails did to
 * the result or to the files the tool wrote (one line per guardrail that acted; empty from tools).
 */
public record ToolResult(boolean ok, String contentJson, Map<String, Object> facts, List<String> guardrails) {

    public ToolResult {
        facts = Map.copyOf(facts == null ? Map.of() : facts);
        guardrails = guardrails == null ? List.of() : List.copyOf(guardrails);
    }

    public ToolResult(boolean ok, String contentJson, Map<String, Object> facts) {
        this(ok, contentJson, facts, List.of());
    }

    /** The same result with more guardrail lines. */
    public ToolResult withGuardrails(List<String> more) {
        if (more.isEmpty()) {
            return this;
        }
        List<String> all = new ArrayList<>(guardrails);
        all.addAll(more);
        return new ToolResult(ok, contentJson, facts, all);
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
