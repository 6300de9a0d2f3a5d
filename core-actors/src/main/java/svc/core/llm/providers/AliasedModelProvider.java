package svc.core.llm.providers;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import svc.core.llm.LlmProvider;
import svc.core.llm.LlmRequest;
import svc.core.llm.LlmResponse;

/** Sends the concrete model id of {@link ModelAliases} for a request that names an alias. */
final class AliasedModelProvider implements LlmProvider {

    private final LlmProvider delegate;

    AliasedModelProvider(LlmProvider delegate) {
        this.delegate = delegate;
    }

    @Override
    public String kind() {
        return delegate.kind();
    }

    @Override
    public CompletionStage<LlmResponse> complete(LlmRequest r) {
        String model;
        try {
            model = ModelAliases.resolve(delegate.kind(), r.model());
        } catch (IllegalArgumentException e) {
            return CompletableFuture.failedFuture(e);
        }
        if (model.equals(r.model())) {
            return delegate.complete(r);
        }
        return delegate.complete(new LlmRequest(r.agent(), model, r.system(), r.messages(), r.tools(), r.maxTokens()));
    }
}
