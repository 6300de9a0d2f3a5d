package svc.governance.crypto;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/** AES-256-GCM with a 12-byte random nonce and a 128-bit tag; output is {@code nonce || ciphertext || tag}. */
final class AesGcm {

    static final int KEY_BYTES = 32;
    static final int NONCE_BYTES = 12;
    static final int TAG_BITS = 128;

    private AesGcm() {}

    static SecretKey key(byte[] raw) {
        if (raw.length != KEY_BYTES) {
            throw new IllegalArgumentException("AES-256 needs a 32-byte key, got " + raw.length + " bytes");
        }
        return new SecretKeySpec(raw, "AES");
    }

    static byte[] seal(SecretKey key, byte[] plaintext, byte[] aad, SecureRandom random) {
        byte[] nonce = new byte[NONCE_BYTES];
        random.nextBytes(nonce);
        try {
            Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
            c.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, nonce));
            c.updateAAD(aad);
            byte[] ct = c.doFinal(plaintext);
            return ByteBuffer.allocate(NONCE_BYTES + ct.length)
                    .put(nonce)
                    .put(ct)
                    .array();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is not usable in this JVM: " + e.getMessage(), e);
        }
    }

    static byte[] open(SecretKey key, byte[] sealed, byte[] aad, String what) {
        if (sealed.length < NONCE_BYTES + TAG_BITS / 8) {
            throw new DecryptionException(what + " is too short to be AES-GCM output (" + sealed.length + " bytes)");
        }
        try {
            Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
            c.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, sealed, 0, NONCE_BYTES));
            c.updateAAD(aad);
            return c.doFinal(sealed, NONCE_BYTES, sealed.length - NONCE_BYTES);
        } catch (AEADBadTagException e) {
            throw new DecryptionException(
                    "cannot open " + what + ": authentication failed (wrong key, different "
                            + "context, or the envelope was altered)",
                    e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is not usable in this JVM: " + e.getMessage(), e);
        }
    }
}
