package svc.governance.secrets;

/**
 * A stand-in for an exception whose message (or a cause's message) held a secret: same stack
 * trace, same cause chain, redacted messages. Logback prints a throwable's own class name, so the
 * original class name leads the message: {@code RedactedThrowable: java.sql.SQLException: ...}.
 */
final class RedactedThrowable extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private RedactedThrowable(String originalClassName, String message, Throwable cause) {
        super(message == null ? originalClassName : originalClassName + ": " + message, cause, false, true);
    }

    /** {@code t} itself when nothing in its chain needs redacting, else a redacted copy. */
    static Throwable redact(Throwable t, SecretRedactor redactor) {
        if (t == null || !needsRedaction(t, redactor, 0)) {
            return t;
        }
        return copy(t, redactor, 0);
    }

    private static boolean needsRedaction(Throwable t, SecretRedactor redactor, int depth) {
        if (t == null || depth > 16) {
            return false;
        }
        return redactor.containsSecret(t.getMessage()) || needsRedaction(t.getCause(), redactor, depth + 1);
    }

    private static Throwable copy(Throwable t, SecretRedactor redactor, int depth) {
        Throwable cause = t.getCause() == null || depth > 16 ? null : copy(t.getCause(), redactor, depth + 1);
        RedactedThrowable r = new RedactedThrowable(t.getClass().getName(), redactor.apply(t.getMessage()), cause);
        r.setStackTrace(t.getStackTrace());
        return r;
    }
}
