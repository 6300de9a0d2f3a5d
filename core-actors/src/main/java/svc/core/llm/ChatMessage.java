package svc.core.llm;

import java.util.List;
import svc.core.CborSerializable;

/**
 * One message of an agent's conversation in a vendor-neutral form: a user turn (a task or a
 * nudge), an assistant turn (text and tool calls), or a tool result answering one call.
 */
public record ChatMessage(Role role, String content, List<ToolCall> toolCalls, String toolCallId, boolean isError)
        implements CborSerializable {

    /** Who speaks. */
    public enum Role {
        USER,
        ASSISTANT,
        TOOL
    }

    public ChatMessage {
        toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
        content = content == null ? "" : content;
    }

    public static ChatMessage user(String text) {
        return new ChatMessage(Role.USER, text, List.of(), null, false);
    }

    public static ChatMessage assistant(String text, List<ToolCall> calls) {
        return new ChatMessage(Role.ASSISTANT, text, calls, null, false);
    }

    public static ChatMessage toolResult(String callId, String content, boolean isError) {
        return new ChatMessage(Role.TOOL, content, List.of(), callId, isError);
    }
}
