package svc.core.llm.providers;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import svc.config.settings.ProviderConfig;

/**
 * One configured provider, with every default filled in: where it lives, which environment
 * variable holds its key (never the key), how often to retry and how long one attempt may take.
 *
 * @param name the settings file's provider name, or {@code server} for {@code SVC_LLM_PROVIDER}
 * @param kind scripted, anthropic, openai, vllm or ollama
 * @param apiKeyEnv the key's variable; null when the vendor takes no key
 * @param keyRequired whether a missing key stops the provider from starting
 */
public record ProviderSettings(
        String name,
        String kind,
        String baseUrl,
        String apiKeyEnv,
        boolean keyRequired,
        int maxRetries,
        Duration timeout) {

    public static final List<String> KINDS = List.of("scripted", "anthropic", "openai", "vllm", "ollama");
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(120);
    public static final String SERVER_WIDE = "server";

    public ProviderSettings {
        if (!KINDS.contains(kind)) {
            throw new IllegalArgumentException("provider `" + name + "`: `" + kind
                    + "` is not a provider kind; use one of " + String.join(", ", KINDS));
        }
    }

    /**
     * The server-wide provider of {@code SVC_LLM_PROVIDER} and {@code SVC_LLM_BASE_URL}; keys
     * from the vendor's standard variable.
     */
    public static ProviderSettings serverWide(String kind, String baseUrl) {
        return withDefaults(SERVER_WIDE, kind, baseUrl, null, null, null);
    }

    /** A provider of the settings file's {@code providers} map. */
    public static ProviderSettings fromFile(String name, ProviderConfig c) {
        return withDefaults(name, c.type(), c.baseUrl(), c.apiKeyEnv(), c.maxRetries(), c.timeout());
    }

    private static ProviderSettings withDefaults(
            String name, String kind, String baseUrl, String keyEnv, Long maxRetries, Long timeoutSeconds) {
        String k = kind == null ? "" : kind.strip().toLowerCase(Locale.ROOT);
        boolean blankBase = baseUrl == null || baseUrl.isBlank();
        String base = switch (k) {
            case "anthropic" -> blankBase ? AnthropicHttpTransport.DEFAULT_BASE_URL : baseUrl;
            case "openai" -> blankBase ? OpenAiChatProvider.OPENAI_BASE_URL : baseUrl;
            case "ollama" -> blankBase ? OllamaChatProvider.DEFAULT_BASE_URL : baseUrl;
            case "vllm" -> {
                if (blankBase) {
                    throw new IllegalArgumentException("provider `" + name
                            + "`: a vllm provider needs its server's address (base_url, or SVC_LLM_BASE_URL)");
                }
                yield baseUrl;
            }
            default -> "";
        };
        boolean named = keyEnv != null && !keyEnv.isBlank();
        String env = named
                ? keyEnv
                : switch (k) {
                    case "anthropic" -> ProviderConfig.ANTHROPIC_API_KEY_ENV;
                    case "openai" -> "OPENAI_API_KEY";
                    default -> null;
                };
        boolean required = k.equals("anthropic") || k.equals("openai") || (k.equals("vllm") && named);
        int retries = maxRetries == null ? RetryPolicy.DEFAULT_MAX_RETRIES : Math.toIntExact(maxRetries);
        Duration timeout =
                timeoutSeconds == null || timeoutSeconds == 0 ? DEFAULT_TIMEOUT : Duration.ofSeconds(timeoutSeconds);
        return new ProviderSettings(name, k, base, env, required, retries, timeout);
    }
}
