package svc.core.llm;

import svc.core.CborSerializable;

/** Token counts of one model call, as the vendor reports them. */
public record Usage(long inputTokens, long outputTokens, long cachedTokens) implements CborSerializable {
    public static final Usage NONE = new Usage(0, 0, 0);
}
