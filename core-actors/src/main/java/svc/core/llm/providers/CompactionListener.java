package svc.core.llm.providers;

/**
 * Told before and after a conversation is compacted, for the {@code PRE_COMPACTION} and {@code
 * POST_COMPACTION} hook events. Called on the caller's thread (the blocking dispatcher, where the
 * agent asks its model). It must not throw, except {@link Refused} before a compaction: that
 * compaction does not happen and the model turn fails with the refusal's message.
 */
@FunctionalInterface
public interface CompactionListener {

    CompactionListener NONE = event -> {};

    void onEvent(CompactionEvent event);

    /** A refusal of the compaction about to happen (a {@code PRE_COMPACTION} hook blocked it). */
    final class Refused extends RuntimeException {
        public Refused(String message) {
            super(message, null, false, false);
        }
    }

    /** The two hook events of a compaction. */
    enum Phase {
        PRE_COMPACTION,
        POST_COMPACTION
    }

    /**
     * One side of a compaction: at {@code PRE_COMPACTION} the counts are those of the full
     * conversation, at {@code POST_COMPACTION} those of the one sent.
     */
    record CompactionEvent(
            Phase phase, String agent, String model, int windowTokens, int messages, long estimatedTokens) {}
}
