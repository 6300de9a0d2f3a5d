package svc.core.llm.providers;

import java.util.concurrent.CompletionStage;
import svc.core.llm.LlmProvider;
import svc.core.llm.LlmRequest;
import svc.core.llm.LlmResponse;

/**
 * The single-model override: every request goes to one configured model, whatever model the
 * agent's roster entry names (a local server usually serves exactly one).
 */
public final class ModelOverrideProvider implements LlmProvider {

    private final LlmProvider delegate;
    private final String model;

    public ModelOverrideProvider(LlmProvider delegate, String model) {
        if (model == null || model.isBlank()) {
            throw new IllegalArgumentException("the single-model override needs a model name");
        }
        this.delegate = delegate;
        this.model = model;
    }

    @Override
    public String kind() {
        return delegate.kind();
    }

    public String model() {
        return model;
    }

    @Override
    public CompletionStage<LlmResponse> complete(LlmRequest r) {
        return delegate.complete(new LlmRequest(r.agent(), model, r.system(), r.messages(), r.tools(), r.maxTokens()));
    }
}
