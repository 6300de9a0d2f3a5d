package svc.governance.crypto;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The text form of the envelope, for database columns: {@value #PREFIX} followed by the
 * envelope's JSON. A value without the prefix was written in clear (before encryption was
 * switched on) and is handed back as it is; a value with it opens or fails with a
 * {@link DecryptionException}, never as garbage.
 */
public final class SealedText {

    public static final String PREFIX = "svcenc:1:";

    private final EnvelopeCipher cipher;

    public SealedText(EnvelopeCipher cipher) {
        this.cipher = cipher;
    }

    public static boolean isSealed(String stored) {
        return stored != null && stored.startsWith(PREFIX);
    }

    /** {@code null} stays {@code null}: a column's absence of a value is not a secret. */
    public String seal(String text, Map<String, String> context) {
        if (text == null) {
            return null;
        }
        return PREFIX
                + cipher.encrypt(text.getBytes(StandardCharsets.UTF_8), context).toJson();
    }

    public String open(String stored, Map<String, String> context) {
        if (!isSealed(stored)) {
            return stored;
        }
        Envelope envelope = Envelope.parse(stored.substring(PREFIX.length()));
        return new String(cipher.decrypt(envelope, context), StandardCharsets.UTF_8);
    }
}
