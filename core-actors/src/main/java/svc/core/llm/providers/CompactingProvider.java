package svc.core.llm.providers;

import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.ToIntFunction;
import svc.core.llm.LlmProvider;
import svc.core.llm.LlmRequest;
import svc.core.llm.LlmResponse;

/**
 * Compacts a request's conversation with {@link ContextCompactor} before the wrapped provider
 * sees it. Only what is sent shrinks: the agent's journal, and so its conversation file, keeps
 * every message.
 */
public final class CompactingProvider implements LlmProvider {

  private final LlmProvider delegate;
  private final ToIntFunction<String> windows;
  private final CompactionListener listener;

  public CompactingProvider(LlmProvider delegate, ToIntFunction<String> windows, CompactionListener listener) {
    this.delegate = delegate;
    this.windows = windows;
    this.listener = listener;
  }

  public CompactingProvider(LlmProvider delegate, CompactionListener listener) {
    this(delegate, ContextWindows::windowOf, listener);
  }

  @Override
  public String kind() {
    return delegate.kind();
  }

  @Override
  public CompletionStage<LlmResponse> complete(LlmRequest r) {
    int window = windows.applyAsInt(r.model());
    Optional<ContextCompactor.Compaction> compaction = ContextCompactor.compactIfNeeded(r, window);
    if (compaction.isEmpty()) {
      return delegate.complete(r);
    }
    ContextCompactor.Compaction c = compaction.get();
    listener.onEvent(
        new CompactionListener.CompactionEvent(
            CompactionListener.Phase.PRE_COMPACTION, r.agent(), r.model(), window, r.messages().size(), c.tokensBefore()));
    LlmRequest compacted = new LlmRequest(r.agent(), r.model(), r.system(), c.messages(), r.tools(), r.maxTokens());
    listener.onEvent(
        new CompactionListener.CompactionEvent(
            CompactionListener.Phase.POST_COMPACTION, r.agent(), r.model(), window, c.messages().size(), c.tokensAfter()));
    return delegate.complete(compacted);
  }
}
