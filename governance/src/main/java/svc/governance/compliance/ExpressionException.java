package svc.governance.compliance;

/**
 * A {@code deny_if} expression that cannot be parsed or evaluated. {@link #column()} is 1-based
 * and points into the expression text; the message already says where.
 */
public final class ExpressionException extends RuntimeException {

    private final int column;

    ExpressionException(String message, int position) {
        super(message + " at column " + (position + 1));
        this.column = position + 1;
    }

    public int column() {
        return column;
    }
}
