package svc.governance.pii;

import java.util.Objects;

/** One detected entity: {@code text} is {@code source.substring(start, end)}. */
public record PiiEntity(PiiType type, int start, int end, String text, double confidence) {

    public PiiEntity {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(text, "text");
        if (start < 0 || end <= start || text.length() != end - start) {
            throw new IllegalArgumentException("bad span [" + start + "," + end + ") for " + type);
        }
    }

    public int length() {
        return end - start;
    }

    boolean overlaps(PiiEntity other) {
        return start < other.end && other.start < end;
    }
}
