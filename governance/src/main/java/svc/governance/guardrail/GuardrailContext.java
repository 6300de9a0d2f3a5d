package svc.governance.guardrail;

import java.util.Objects;
import java.util.Optional;

/**
 * Who is asking and where: guardrails may use it to explain a verdict or to vary by tool, but
 * never to reach out (no I/O). {@code runId}, {@code agent} and {@code tool} may be empty strings
 * when the caller has none (the CLI scanner has no run).
 */
public record GuardrailContext(IntegrationPoint point, String runId, String agent, String tool) {

    public GuardrailContext {
        Objects.requireNonNull(point, "point");
        runId = Objects.requireNonNullElse(runId, "");
        agent = Objects.requireNonNullElse(agent, "");
        tool = Objects.requireNonNullElse(tool, "");
    }

    /** A context with only the integration point, for scans outside a run. */
    public static GuardrailContext at(IntegrationPoint point) {
        return new GuardrailContext(point, "", "", "");
    }

    public Optional<String> toolName() {
        return tool.isEmpty() ? Optional.empty() : Optional.of(tool);
    }
}
