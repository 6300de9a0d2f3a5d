/**
 * The vendor-neutral model seam. An agent sends an {@code LlmRequest} (a conversation of
 * {@code ChatMessage}s and the offered {@code ToolSpec}s) to an {@code LlmProvider} and gets back
 * an {@code LlmResponse} (text, {@code ToolCall}s, {@code Usage}), or an {@code LlmException}.
 * {@code MessagesApiProvider} implements the provider over a {@code MessagesTransport} with
 * {@code AnthropicMessagesCodec}, so the hosted vendor and the embedded scripted model share one
 * encoding; {@code PriceTable} turns usage into dollars for budgets. Vendor clients live in
 * {@code providers}, the scripted model in {@code scripted}.
 */
package svc.core.llm;
