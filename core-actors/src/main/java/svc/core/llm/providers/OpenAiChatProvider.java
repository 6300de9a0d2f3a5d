package svc.core.llm.providers;

import java.net.URI;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import svc.core.llm.LlmProvider;
import svc.core.llm.LlmRequest;
import svc.core.llm.LlmResponse;

/**
 * OpenAI chat completions over HTTP ({@code POST {base}/v1/chat/completions}, key as a bearer
 * token), and vLLM through the same class: its server is OpenAI-compatible at a configured base
 * address and needs a key only when started with one.
 */
public final class OpenAiChatProvider implements LlmProvider {

    public static final String OPENAI_BASE_URL = "https://api.openai.com";

    private final String kind;
    private final URI endpoint;
    private final Optional<ApiKey> key;
    private final VendorHttp http;
    private final Executor executor;
    private final String maxTokensField;

    private OpenAiChatProvider(
            String kind,
            String baseUrl,
            Optional<ApiKey> key,
            VendorHttp http,
            Executor executor,
            String maxTokensField) {
        this.kind = kind;
        this.endpoint = BaseUrl.resolve(baseUrl, "/v1/chat/completions");
        this.key = key;
        this.http = http;
        this.executor = executor;
        this.maxTokensField = maxTokensField;
    }

    /** The hosted vendor: a key is required. */
    public static OpenAiChatProvider openAi(String baseUrl, ApiKey key, VendorHttp http, Executor executor) {
        return new OpenAiChatProvider("openai", baseUrl, Optional.of(key), http, executor, "max_completion_tokens");
    }

    /** A vLLM server: the key is optional, and {@code max_tokens} is the field every version reads. */
    public static OpenAiChatProvider vllm(String baseUrl, Optional<ApiKey> key, VendorHttp http, Executor executor) {
        return new OpenAiChatProvider("vllm", baseUrl, key, http, executor, "max_tokens");
    }

    @Override
    public String kind() {
        return kind;
    }

    @Override
    public CompletionStage<LlmResponse> complete(LlmRequest request) {
        String body = OpenAiChatCodec.encode(request, maxTokensField);
        Map<String, String> headers =
                key.map(k -> Map.of("authorization", "Bearer " + k.value())).orElse(Map.of());
        return http.postJson(endpoint, headers, body).thenApplyAsync(OpenAiChatCodec::decode, executor);
    }

    @Override
    public String toString() {
        return "OpenAiChatProvider[" + kind + " at " + endpoint
                + key.map(k -> ", key from " + k.variable()).orElse("") + "]";
    }
}
