package svc.governance.compliance;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The outcome of one gate for one run.
 *
 * @param gateId     the gate
 * @param blocksTool the tool it guards
 * @param expression the {@code deny_if} text
 * @param blocked    true when the tool is blocked (expression true, or not evaluable: fail closed)
 * @param reason     a sentence naming the gate, the expression and the values it saw
 * @param values     placeholder → value read during evaluation (empty when evaluation did not start)
 */
public record GateVerdict(
        String gateId,
        String blocksTool,
        String expression,
        boolean blocked,
        String reason,
        Map<String, Object> values) {

    public GateVerdict {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }
}
