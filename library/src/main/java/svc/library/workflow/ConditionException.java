package svc.library.workflow;

/** A router condition does not parse, or cannot be evaluated over the facts at hand. */
public final class ConditionException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ConditionException(String message) {
        super(message);
    }
}
