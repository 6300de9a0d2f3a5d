package svc.core.batch;

import svc.core.CborSerializable;

/**
 * How far a batch's {@code results.jsonl} has come: lines written, of which errors, and the
 * file's length in bytes after the last of them.
 */
public record Progress(long processed, long errors, long resultsBytes) implements CborSerializable {

    public static final Progress NONE = new Progress(0, 0, 0);
}
