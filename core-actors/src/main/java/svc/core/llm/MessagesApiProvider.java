package svc.core.llm;

import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

/**
 * A provider speaking the Messages API over a transport: the same encoding, parsing and error
 * mapping whether the transport is HTTP to the vendor or the embedded scripted model.
 */
public final class MessagesApiProvider implements LlmProvider {

    private final String kind;
    private final MessagesTransport transport;
    private final Executor executor;

    public MessagesApiProvider(String kind, MessagesTransport transport, Executor executor) {
        this.kind = kind;
        this.transport = transport;
        this.executor = executor;
    }

    @Override
    public String kind() {
        return kind;
    }

    @Override
    public CompletionStage<LlmResponse> complete(LlmRequest request) {
        String body = AnthropicMessagesCodec.encode(request);
        return transport.post(body).thenApplyAsync(AnthropicMessagesCodec::decode, executor);
    }
}
