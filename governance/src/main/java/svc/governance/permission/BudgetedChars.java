package svc.governance.permission;

/**
 * The arguments' JSON as seen by a rule's regex, with a budget of character reads. Patterns come
 * from operators, arguments from a model: a pattern with catastrophic backtracking must not stall
 * the engine on a crafted argument. When the budget runs out the match stops with
 * {@link Exhausted} and the rule decides as if it matched when it restricts (DENY, ASK) and as
 * if it did not when it grants (ALLOW): fail closed.
 */
final class BudgetedChars implements CharSequence {

    /** Reads allowed per character of input, plus a floor for short inputs; far above any sane pattern's need. */
    static final int READS_PER_CHAR = 200;

    static final int READS_FLOOR = 100_000;

    static final class Exhausted extends RuntimeException {
        Exhausted() {
            super("regex read budget exhausted", null, false, false);
        }
    }

    private final String text;
    private final int[] remaining;

    BudgetedChars(String text) {
        this(text, new int[] {READS_FLOOR + READS_PER_CHAR * text.length()});
    }

    private BudgetedChars(String text, int[] remaining) {
        this.text = text;
        this.remaining = remaining;
    }

    @Override
    public char charAt(int index) {
        if (--remaining[0] < 0) {
            throw new Exhausted();
        }
        return text.charAt(index);
    }

    @Override
    public int length() {
        return text.length();
    }

    /** Shares the budget, so a pattern cannot reset it by working on a sub-sequence. */
    @Override
    public CharSequence subSequence(int start, int end) {
        return new BudgetedChars(text.substring(start, end), remaining);
    }

    @Override
    public String toString() {
        return text;
    }
}
