package svc.core.tools;

import java.util.List;
import java.util.Optional;
import svc.core.llm.ChatMessage;
import svc.core.llm.LlmResponse;

/**
 * The seam where governance judges what an agent does: a tool call before it runs (permission
 * engine and PRE_TOOL guardrails), its result before the model sees it (POST_TOOL guardrails,
 * evidence for compliance gates), the conversation before it goes to the model (PRE_LLM), the
 * model's answer before it is journalled or acted on (POST_LLM) and conversation lines before they
 * are written (STORAGE_WRITE). {@link #ALLOW_ALL} is what a bare core uses. {@link #check},
 * {@link #afterTool}, {@link #screenAnswer} and {@link #refused} may block (they read the run's
 * files or write a denial): callers run them on the blocking dispatcher.
 */
public interface ToolPermissions {

    /**
     * The verdict on one call: allowed; denied with the rule source and the reason; or allowed
     * only once a person approves ({@code needsApproval}, the permission engine's ASK). {@code ruleId}
     * names the deciding rule, null when none did.
     */
    record Verdict(boolean allowed, boolean needsApproval, String source, String reason, String ruleId) {
        public static Verdict allow() {
            return new Verdict(true, false, "default", "", null);
        }

        public static Verdict deny(String source, String reason) {
            return new Verdict(false, false, source, reason, null);
        }

        public static Verdict ask(String source, String reason) {
            return new Verdict(false, true, source, reason, null);
        }
    }

    /**
     * The model's answer as it may be journalled and acted on, and what the guardrails did to it
     * (one line per guardrail that acted, e.g. {@code G4 pii at POST_LLM: redacted 1 PII entity: ...}).
     */
    record ScreenedAnswer(LlmResponse response, List<String> guardrails) {
        public ScreenedAnswer {
            guardrails = List.copyOf(guardrails);
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

    /** The model's answer (text and tool-call arguments) after the POST_LLM guardrails. */
    default ScreenedAnswer screenAnswer(String runId, String agent, LlmResponse answer) {
        return new ScreenedAnswer(answer, List.of());
    }

    /** One conversation line of a run as it may be written to disk (STORAGE_WRITE). */
    default String screenStored(String runId, String line) {
        return line;
    }

    /**
     * Why a {@code transfer_to_<target>} delegation must not happen, past G10 (AGENT_DELEGATE), if
     * it must not; the delegating agent sees the refusal as the call's error. Blocks.
     */
    default Optional<String> checkDelegation(String runId, String agent, String target, String argumentsJson) {
        return Optional.empty();
    }

    /**
     * Connects the STORAGE_WRITE hooks to the artefact files this seam screens as tools write them
     * (called once while the platform is wired); a seam that screens no files ignores it.
     */
    default void hookStorage(StorageWrites hooks) {}

    /**
     * A call that needed a person's approval and did not get it (rejected, expired, or asked where
     * nobody can answer): stored as a denial under {@code verdict}'s source.
     */
    default void refused(String runId, String agent, String tool, Verdict verdict, String why) {}

    ToolPermissions ALLOW_ALL = (runId, agent, tool, args) -> Verdict.allow();
}
