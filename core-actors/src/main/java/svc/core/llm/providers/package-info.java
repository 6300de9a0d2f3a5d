/**
 * Real HTTP clients for the hosted and local model vendors, and the wrappers every agent's
 * provider is built from. Each vendor keeps its own wire format in a codec ({@code
 * AnthropicMessagesCodec} lives one package up, {@link svc.core.llm.providers.OpenAiChatCodec},
 * {@link svc.core.llm.providers.OllamaChatCodec}); {@link svc.core.llm.providers.VendorHttp}
 * carries bodies with retries, backoff and {@code Retry-After}; {@link
 * svc.core.llm.providers.LlmProviders} chooses a provider per agent from the settings file and
 * {@code SVC_LLM_*}, and wraps it with the single-model override, context compaction and call
 * accounting. Keys are read from the named environment variable only and never printed.
 */
package svc.core.llm.providers;
