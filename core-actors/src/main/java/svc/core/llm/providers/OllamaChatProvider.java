package svc.core.llm.providers;

import java.net.URI;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import svc.core.llm.LlmProvider;
import svc.core.llm.LlmRequest;
import svc.core.llm.LlmResponse;

/** A local Ollama server: {@code POST {base}/api/chat}, no key. */
public final class OllamaChatProvider implements LlmProvider {

    public static final String DEFAULT_BASE_URL = "http://localhost:11434";

    private final URI endpoint;
    private final VendorHttp http;
    private final Executor executor;

    public OllamaChatProvider(String baseUrl, VendorHttp http, Executor executor) {
        this.endpoint = BaseUrl.resolve(baseUrl, "/api/chat");
        this.http = http;
        this.executor = executor;
    }

    @Override
    public String kind() {
        return "ollama";
    }

    @Override
    public CompletionStage<LlmResponse> complete(LlmRequest request) {
        int turn = request.messages().size();
        return http.postJson(endpoint, Map.of(), OllamaChatCodec.encode(request))
                .thenApplyAsync(body -> OllamaChatCodec.decode(body, turn), executor);
    }

    @Override
    public String toString() {
        return "OllamaChatProvider[" + endpoint + "]";
    }
}
