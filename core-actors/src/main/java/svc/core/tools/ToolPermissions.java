package svc.core.tools;

import java.util.List;
import java.util.Optional;
import svc.core.llm.ChatMessage;

/**
 * The seam where governance judges what an agent does: a tool call before it runs (permission
 * engine and PRE_TOOL guardrails), its result before the model sees it (POST_TOOL guardrails,
 * evidence for compliance gates), and the conversation before it goes to the model (PRE_LLM).
 * {@link #ALLOW_ALL} is what a bare core uses. {@link #check} and {@link #afterTool} may block
 * (they read the run's files): the agent calls them on the blocking dispatcher.
 */
public interface ToolPermissions {

    /**
     * The verdict on one call: allowed; denied with the rule source and the reason; or allowed
     * only once a person approves ({@code needsApproval}, the permission engine's ASK).
     */
    record Verdict(boolean allowed, boolean needsApproval, String source, String reason) {
        public static Verdict allow() {
            return new Verdict(true, false, "default", "");
        }

        public static Verdict deny(String source, String reason) {
            return new Verdict(false, false, source, reason);
        }

        public static Verdict ask(String source, String reason) {
            return new Verdict(false, true, source, reason);
        }
    }

    Verdict check(String runId, String agent, String tool, String argumentsJson);

    /**
     * A person's action through the API on what run {@code runId} produced (deploying or promoting
     * its model), judged like the run's own tool calls but with the person as subject. Blocks.
     */
    default Verdict checkAction(String runId, String user, String action, String argumentsJson) {
        return check(runId, user, action, argumentsJson);
    }

    /** The result as the model may see it (redacted where needed); also where evidence is kept. */
    default ToolResult afterTool(ToolContext context, String tool, ToolResult result) {
        return result;
    }

    /** Why the conversation must not go to the model (a prompt injection), if it must not. */
    default Optional<String> screenPrompt(String runId, String agent, List<ChatMessage> conversation) {
        return Optional.empty();
    }

    ToolPermissions ALLOW_ALL = (runId, agent, tool, args) -> Verdict.allow();
}
