package svc.core;

/** Cutting text for messages and tool results without producing invalid UTF-16. */
public final class Texts {

    private Texts() {}

    /**
     * The first {@code maxChars} chars of {@code text}, one fewer when the cut would fall between
     * the two halves of a surrogate pair: a lone high surrogate is not encodable, and the journal's
     * CBOR serializer refuses the whole event that carries it.
     */
    public static String prefix(String text, int maxChars) {
        if (text.length() <= maxChars) {
            return text;
        }
        int end = maxChars;
        if (end > 0 && Character.isHighSurrogate(text.charAt(end - 1))) {
            end--;
        }
        return text.substring(0, end);
    }
}
