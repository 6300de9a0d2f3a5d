package svc.core.llm;

import java.util.List;

/** What an agent sends its model: who asks (for routing and accounting), the prompt, the tools. */
public record LlmRequest(
        String agent, String model, String system, List<ChatMessage> messages, List<ToolSpec> tools, int maxTokens) {

    public LlmRequest {
        messages = List.copyOf(messages);
        tools = List.copyOf(tools);
    }
}
