package svc.governance.sandbox;

/**
 * The sandbox cannot do what was asked: a driver is unavailable, or a run would need a limit this
 * machine cannot enforce. The message says which and what to change.
 */
public final class SandboxException extends RuntimeException {

    public SandboxException(String message) {
        super(message);
    }

    public SandboxException(String message, Throwable cause) {
        super(message, cause);
    }
}
