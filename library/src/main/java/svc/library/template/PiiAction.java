package svc.library.template;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** What the PII guardrail (G4) does with a detected entity. */
public enum PiiAction {
    /** Replace with a type tag such as {@code [EMAIL]}. */
    REDACT,
    /** Keep the first two and last two characters. */
    MASK,
    /** Replace with a SHA-256 prefix, so equal values stay joinable. */
    HASH;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<PiiAction> fromId(String id) {
        return Arrays.stream(values()).filter(a -> a.id().equals(id)).findFirst();
    }
}
