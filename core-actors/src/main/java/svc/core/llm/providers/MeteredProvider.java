package svc.core.llm.providers;

import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.core.llm.LlmProvider;
import svc.core.llm.LlmRequest;
import svc.core.llm.LlmResponse;
import svc.core.llm.PriceTable;
import svc.core.llm.Usage;

/**
 * Reports every call of the wrapped provider to a {@link LlmCallListener}: tokens, cost at the
 * price of the model that answered (as the agent books it), and how long the call took,
 * retries included.
 */
public final class MeteredProvider implements LlmProvider {

    private static final Logger LOG = LoggerFactory.getLogger(MeteredProvider.class);

    private final LlmProvider delegate;
    private final LlmCallListener listener;
    private final Executor executor;

    public MeteredProvider(LlmProvider delegate, LlmCallListener listener, Executor executor) {
        this.delegate = delegate;
        this.listener = listener;
        this.executor = executor;
    }

    @Override
    public String kind() {
        return delegate.kind();
    }

    @Override
    public CompletionStage<LlmResponse> complete(LlmRequest request) {
        long started = System.nanoTime();
        return delegate.complete(request)
                .whenCompleteAsync(
                        (response, failure) -> {
                            Duration took = Duration.ofNanos(System.nanoTime() - started);
                            LlmCallListener.LlmCall call;
                            if (failure == null) {
                                String model = response.model().isEmpty() ? request.model() : response.model();
                                call = new LlmCallListener.LlmCall(
                                        kind(),
                                        model,
                                        request.agent(),
                                        "ok",
                                        response.usage(),
                                        PriceTable.costUsd(model, response.usage()),
                                        took);
                            } else {
                                call = new LlmCallListener.LlmCall(
                                        kind(), request.model(), request.agent(), "error", Usage.NONE, 0, took);
                            }
                            try {
                                listener.onCall(call);
                            } catch (RuntimeException e) {
                                // Accounting must never fail the agent's call.
                                LOG.warn(
                                        "the LLM call listener failed for {} ({}): {}",
                                        request.agent(),
                                        call.model(),
                                        e.toString());
                            }
                        },
                        executor);
    }
}
