package svc.governance.pii;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;

/** What replaces an entity in redacted text. */
public enum PiiAction {
    /** {@code <EMAIL>}: the type only. */
    REDACT,
    /** {@code in**************te}: first two and last two characters kept; four or fewer: all masked. */
    MASK,
    /**
     * {@code <EMAIL_5c3b2a0f9e1d>}: the type and the first 12 hex characters of the SHA-256 of the
     * entity text, so equal values stay joinable across records without being readable.
     */
    HASH;

    public String apply(PiiType type, String text) {
        switch (this) {
            case REDACT:
                return "<" + type.name() + ">";
            case MASK:
                return mask(text);
            case HASH:
                return "<" + type.name() + "_" + sha256Hex(text).substring(0, 12) + ">";
            default:
                throw new IllegalStateException("unknown action " + this);
        }
    }

    /** Parses {@code redact}, {@code mask} or {@code hash} (any case), as written in settings files. */
    public static PiiAction parse(String s) {
        try {
            return valueOf(s.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown PII action '" + s + "': expected redact, mask or hash", e);
        }
    }

    private static String mask(String text) {
        int n = text.length();
        if (n <= 4) {
            return "*".repeat(n);
        }
        return text.substring(0, 2) + "*".repeat(n - 4) + text.substring(n - 2);
    }

    static String sha256Hex(String text) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(md.digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK ships SHA-256", e);
        }
    }
}
