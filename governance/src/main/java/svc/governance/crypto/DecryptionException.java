package svc.governance.crypto;

/**
 * An envelope could not be opened. GCM cannot tell which input was wrong, so the message lists the
 * possibilities rather than guessing.
 */
public final class DecryptionException extends RuntimeException {

    public DecryptionException(String message, Throwable cause) {
        super(message, cause);
    }

    public DecryptionException(String message) {
        super(message);
    }
}
