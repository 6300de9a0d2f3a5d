package svc.governance.signing;

/** Signing failed, or a driver cannot run here ({@link #unavailable()}: strict mode aborts boot on those). */
public final class SigningException extends RuntimeException {

    private final boolean unavailable;

    private SigningException(String message, boolean unavailable, Throwable cause) {
        super(message, cause);
        this.unavailable = unavailable;
    }

    public static SigningException failed(String message, Throwable cause) {
        return new SigningException(message, false, cause);
    }

    public static SigningException unavailable(String message) {
        return new SigningException(message, true, null);
    }

    public boolean unavailable() {
        return unavailable;
    }
}
