package svc.library.template;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import svc.library.workflow.Condition;

/**
 * A compliance gate: when an agent calls {@code triggersOnTool}, the engine runs (or reuses the
 * last result of) {@code computesViaTool}, evaluates {@code denyIf}, and if it holds denies
 * {@code blocksTool} (a DENY at priority 55).
 *
 * @param denyIf a comparison over placeholders {@code ${last_tool_result.X}} (a field of the
 *               computing tool's result) and {@code ${run_context.Y}} (a run fact), e.g.
 *               {@code ${last_tool_result.demographic_parity_difference} > 0.1}
 */
public record ComplianceGate(
        String id, String triggersOnTool, String computesViaTool, String denyIf, String blocksTool) {

    /** A placeholder; group 1 is the scope, group 2 the field path. */
    static final Pattern PLACEHOLDER =
            Pattern.compile("\\$\\{([a-z_]+)\\.([A-Za-z_][A-Za-z0-9_]*(?:\\.[A-Za-z_][A-Za-z0-9_]*)*)}");

    public static final String LAST_TOOL_RESULT = "last_tool_result";
    public static final String RUN_CONTEXT = "run_context";

    /**
     * {@code denyIf} as a router-style {@link Condition} whose facts are
     * {@code last_tool_result.X} and {@code run_context.Y}: evaluate it over a map holding the
     * tool result under {@code last_tool_result} and the run facts under {@code run_context}.
     *
     * @throws svc.library.workflow.ConditionException if the expression is not in the grammar
     */
    public Condition denyCondition() {
        Matcher m = PLACEHOLDER.matcher(denyIf);
        return Condition.parse(m.replaceAll(r -> Matcher.quoteReplacement(r.group(1) + "." + r.group(2))));
    }
}
