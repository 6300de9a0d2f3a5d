package svc.governance.compliance;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import svc.config.Json;
import svc.config.Yaml;

/**
 * Evaluates a set of gates against a run's latest tool results.
 *
 * <p>Fail closed: a gate whose evidence is missing ({@code computes_via_tool} has not run) or
 * whose expression cannot be evaluated (a placeholder does not resolve, a type is wrong) blocks
 * its tool with a reason starting "cannot evaluate". For a bank, "we could not check fairness"
 * must not read as "fairness is fine".
 */
public final class ComplianceGates {

    private static final Set<String> FIELDS =
            Set.of("id", "triggers_on_tool", "computes_via_tool", "deny_if", "blocks_tool");

    private final List<ComplianceGate> gates;
    private final Map<String, Expression> compiled = new LinkedHashMap<>();

    /** Parses every {@code deny_if} now, so a broken gate stops boot instead of a deployment. */
    public ComplianceGates(List<ComplianceGate> gates) {
        this.gates = List.copyOf(gates);
        for (ComplianceGate g : this.gates) {
            try {
                if (compiled.put(g.id(), Expression.parse(g.denyIf())) != null) {
                    throw new IllegalArgumentException("compliance gate id '" + g.id() + "' is used twice");
                }
            } catch (ExpressionException e) {
                throw new IllegalArgumentException(
                        "compliance gate '" + g.id() + "': deny_if '" + g.denyIf() + "' does not parse: "
                                + e.getMessage(),
                        e);
            }
        }
    }

    /**
     * Reads gates from a JSON or YAML list of {@code {id, triggers_on_tool, computes_via_tool,
     * deny_if, blocks_tool}} (as in a deployment template); unknown fields are errors.
     */
    public static ComplianceGates parse(String text, boolean yaml, String origin) {
        ObjectMapper mapper = yaml ? Yaml.MAPPER : Json.MAPPER;
        JsonNode root;
        try {
            root = mapper.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(
                    origin + ": not valid " + (yaml ? "YAML" : "JSON") + ": " + e.getOriginalMessage(), e);
        }
        if (root == null || root.isMissingNode() || root.isNull()) {
            return new ComplianceGates(List.of());
        }
        if (!root.isArray()) {
            throw new IllegalArgumentException(origin + ": expected a list of compliance gates at the top level");
        }
        List<ComplianceGate> gates = new ArrayList<>();
        for (int i = 0; i < root.size(); i++) {
            String where = origin + ": gate #" + (i + 1);
            JsonNode item = root.get(i);
            if (!item.isObject()) {
                throw new IllegalArgumentException(where + ": expected an object");
            }
            item.fieldNames().forEachRemaining(f -> {
                if (!FIELDS.contains(f)) {
                    throw new IllegalArgumentException(
                            where + ": unknown field '" + f + "'; known fields are " + FIELDS);
                }
            });
            try {
                gates.add(new ComplianceGate(
                        text(item, "id"),
                        text(item, "triggers_on_tool"),
                        text(item, "computes_via_tool"),
                        text(item, "deny_if"),
                        text(item, "blocks_tool")));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
            }
        }
        try {
            return new ComplianceGates(gates);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(origin + ": " + e.getMessage(), e);
        }
    }

    private static String text(JsonNode item, String field) {
        JsonNode v = item.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    public List<ComplianceGate> gates() {
        return gates;
    }

    /** Verdicts of every gate, in gate order. */
    public List<GateVerdict> evaluate(Map<String, JsonNode> latestResults, JsonNode runContext) {
        List<GateVerdict> verdicts = new ArrayList<>(gates.size());
        for (ComplianceGate g : gates) {
            verdicts.add(evaluate(g, latestResults, runContext));
        }
        return verdicts;
    }

    /** Verdicts of the gates that guard {@code tool}. */
    public List<GateVerdict> evaluateFor(String tool, Map<String, JsonNode> latestResults, JsonNode runContext) {
        List<GateVerdict> verdicts = new ArrayList<>(1);
        for (ComplianceGate g : gates) {
            if (g.blocksTool().equals(tool)) {
                verdicts.add(evaluate(g, latestResults, runContext));
            }
        }
        return verdicts;
    }

    /** Only the blocking verdicts: which tools are blocked and why. */
    public List<GateVerdict> blocked(Map<String, JsonNode> latestResults, JsonNode runContext) {
        return evaluate(latestResults, runContext).stream()
                .filter(GateVerdict::blocked)
                .toList();
    }

    private GateVerdict evaluate(ComplianceGate g, Map<String, JsonNode> latestResults, JsonNode runContext) {
        Expression expression = compiled.get(g.id());
        String head = "compliance gate " + g.id() + " (deny_if " + g.denyIf() + ")";
        JsonNode evidence = latestResults.get(g.computesViaTool());
        if (evidence == null) {
            return new GateVerdict(
                    g.id(),
                    g.blocksTool(),
                    g.denyIf(),
                    true,
                    head + ": cannot evaluate: " + g.computesViaTool() + " has not produced a result in this run; "
                            + g.blocksTool() + " stays blocked until it has",
                    Map.of());
        }
        Map<String, Object> values = new LinkedHashMap<>();
        try {
            boolean deny = expression.test(evidence, runContext, values);
            String seen = values.entrySet().stream()
                    .map(e -> e.getKey() + " = " + show(e.getValue()))
                    .collect(Collectors.joining(", "));
            return new GateVerdict(
                    g.id(),
                    g.blocksTool(),
                    g.denyIf(),
                    deny,
                    head
                            + (deny ? " is true: " : " is false: ")
                            + seen
                            + (deny ? "; " + g.blocksTool() + " is blocked" : ""),
                    values);
        } catch (ExpressionException e) {
            return new GateVerdict(
                    g.id(),
                    g.blocksTool(),
                    g.denyIf(),
                    true,
                    head + ": cannot evaluate: " + e.getMessage() + "; " + g.blocksTool() + " is blocked",
                    values);
        }
    }

    private static String show(Object v) {
        return v instanceof Double d ? Expression.format(d) : String.valueOf(v);
    }
}
