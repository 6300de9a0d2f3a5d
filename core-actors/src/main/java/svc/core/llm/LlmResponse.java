package svc.core.llm;

import java.util.List;

/** The model's answer: text, the tool calls it wants (none means it is done), token counts. */
public record LlmResponse(String model, String text, List<ToolCall> toolCalls, Usage usage, String stopReason) {
    public LlmResponse {
        toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
        text = text == null ? "" : text;
    }
}
