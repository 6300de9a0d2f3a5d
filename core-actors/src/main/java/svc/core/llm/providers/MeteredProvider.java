package svc.core.llm.providers;

import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
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
    return delegate
        .complete(request)
        .whenCompleteAsync(
            (response, failure) -> {
              Duration took = Duration.ofNanos(System.nanoTime() - started);
              if (failure == null) {
                String model = response.model().isEmpty() ? request.model() : response.model();
                listener.onCall(
                    new LlmCallListener.LlmCall(
                        kind(), model, request.agent(), "ok", response.usage(), PriceTable.costUsd(model, response.usage()), took));
              } else {
                listener.onCall(new LlmCallListener.LlmCall(kind(), request.model(), request.agent(), "error", Usage.NONE, 0, took));
              }
            },
            executor);
  }
}
