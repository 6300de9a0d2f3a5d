package svc.governance.crypto;

/**
 * Holder of the customer key (KEK). It never hands the key out: it only wraps and unwraps data
 * keys, which is also all a KMS would offer. {@code aad} binds a wrapped key to the envelope
 * header and context it belongs to.
 */
public interface KeyProvider {

    /** Provider name as configured: {@code stub}, {@code env}, ... */
    String name();

    /** A stable, non-secret identifier of the key, written into every envelope. */
    String keyId();

    byte[] wrap(byte[] dataKey, byte[] aad);

    /** @throws DecryptionException when the wrapped key was made with another key or other {@code aad} */
    byte[] unwrap(byte[] wrappedKey, byte[] aad);
}
