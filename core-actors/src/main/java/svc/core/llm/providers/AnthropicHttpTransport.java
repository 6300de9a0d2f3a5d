package svc.core.llm.providers;

import java.net.URI;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import svc.core.llm.MessagesTransport;

/**
 * The first-party vendor's Messages API over HTTP: {@code POST {base}/v1/messages} with the key
 * in {@code x-api-key} and the pinned API version. {@link svc.core.llm.AnthropicMessagesCodec}
 * writes and reads the bodies, exactly as for the embedded scripted model.
 */
public final class AnthropicHttpTransport implements MessagesTransport {

    public static final String DEFAULT_BASE_URL = "https://api.anthropic.com";
    public static final String API_VERSION = "2023-06-01";

    private final URI endpoint;
    private final ApiKey key;
    private final VendorHttp http;

    public AnthropicHttpTransport(String baseUrl, ApiKey key, VendorHttp http) {
        this.endpoint = BaseUrl.resolve(baseUrl, "/v1/messages");
        this.key = key;
        this.http = http;
    }

    @Override
    public CompletionStage<String> post(String requestJson) {
        return http.postJson(endpoint, Map.of("x-api-key", key.value(), "anthropic-version", API_VERSION), requestJson);
    }

    @Override
    public String toString() {
        return "AnthropicHttpTransport[" + endpoint + ", key from " + key.variable() + "]";
    }
}
