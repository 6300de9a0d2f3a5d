package svc.core.llm.providers;

/**
 * Told before and after a conversation is compacted, for the {@code PRE_COMPACTION} and {@code
 * POST_COMPACTION} hook events. Called on the caller's thread; must not throw.
 */
@FunctionalInterface
public interface CompactionListener {

    CompactionListener NONE = event -> {};

    void onEvent(CompactionEvent event);

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
