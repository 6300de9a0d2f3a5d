package svc.core.llm;

/** A model call that failed; {@code transient} says whether retrying may help. */
public final class LlmException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final boolean isTransient;

    public LlmException(String message, boolean isTransient) {
        super(message);
        this.isTransient = isTransient;
    }

    public boolean isTransient() {
        return isTransient;
    }
}
