package svc.core.llm;

import java.util.concurrent.CompletionStage;

/**
 * A model an agent can talk to. Implementations never block the caller: the answer comes back
 * as a stage, and a failure is an {@link LlmException} inside it.
 */
public interface LlmProvider {

    /** The provider kind as configured: scripted, anthropic, openai, vllm, ollama. */
    String kind();

    CompletionStage<LlmResponse> complete(LlmRequest request);
}
