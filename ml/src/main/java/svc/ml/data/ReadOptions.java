package svc.ml.data;

import java.util.Set;

/**
 * How to read a file. The byte limit is checked before any byte is read, so an oversized upload
 * is refused without touching memory.
 *
 * @param maxBytes      largest accepted file size
 * @param missingTokens values (after trimming) that mean "missing"
 */
public record ReadOptions(long maxBytes, Set<String> missingTokens) {
    public static final long ONE_GIB = 1L << 30;

    public static ReadOptions defaults() {
        return new ReadOptions(ONE_GIB, Set.of("", "?", "NA", "N/A", "null", "NULL"));
    }

    public ReadOptions withMaxBytes(long bytes) {
        return new ReadOptions(bytes, missingTokens);
    }
}
