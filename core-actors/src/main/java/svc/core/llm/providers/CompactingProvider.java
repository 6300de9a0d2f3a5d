package svc.core.llm.providers;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.ToIntFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.core.llm.LlmException;
import svc.core.llm.LlmProvider;
import svc.core.llm.LlmRequest;
import svc.core.llm.LlmResponse;

/**
 * Compacts a request's conversation with {@link ContextCompactor} before the wrapped provider
 * sees it. Only what is sent shrinks: the agent's journal, and so its conversation file, keeps
 * every message.
 */
public final class CompactingProvider implements LlmProvider {

    private static final Logger LOG = LoggerFactory.getLogger(CompactingProvider.class);

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
        try {
            tell(new CompactionListener.CompactionEvent(
                    CompactionListener.Phase.PRE_COMPACTION,
                    r.agent(),
                    r.model(),
                    window,
                    r.messages().size(),
                    c.tokensBefore()));
        } catch (CompactionListener.Refused refused) {
            // Sending the whole conversation would overflow the model's window: the turn fails instead.
            return CompletableFuture.failedFuture(
                    new LlmException("the conversation was not compacted: " + refused.getMessage(), false));
        }
        LlmRequest compacted = new LlmRequest(r.agent(), r.model(), r.system(), c.messages(), r.tools(), r.maxTokens());
        tell(new CompactionListener.CompactionEvent(
                CompactionListener.Phase.POST_COMPACTION,
                r.agent(),
                r.model(),
                window,
                c.messages().size(),
                c.tokensAfter()));
        LOG.info(
                "compacted the conversation of {} for {}: {} messages replaced, about {} tokens down to {}",
                r.agent(),
                r.model(),
                c.messagesReplaced(),
                c.tokensBefore(),
                c.tokensAfter());
        return delegate.complete(compacted);
    }

    private void tell(CompactionListener.CompactionEvent event) {
        try {
            listener.onEvent(event);
        } catch (CompactionListener.Refused refused) {
            if (event.phase() == CompactionListener.Phase.PRE_COMPACTION) {
                throw refused;
            }
            LOG.warn("a refusal after the compaction of {}'s conversation has nothing to stop", event.agent());
        } catch (RuntimeException e) {
            // A hook must not stop the agent from getting its answer.
            LOG.warn("the compaction listener failed at {} for {}: {}", event.phase(), event.agent(), e.toString());
        }
    }
}
