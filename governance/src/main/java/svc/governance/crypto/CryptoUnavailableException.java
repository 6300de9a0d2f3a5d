package svc.governance.crypto;

/**
 * A configured key provider or at-rest driver cannot work in this deployment. In strict mode it
 * aborts boot; otherwise the caller falls back with a warning.
 */
public final class CryptoUnavailableException extends RuntimeException {

    public CryptoUnavailableException(String message) {
        super(message);
    }
}
