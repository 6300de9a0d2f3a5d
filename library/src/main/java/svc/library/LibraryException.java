package svc.library;

import java.util.List;

/**
 * A library asset is missing, malformed or fails validation.
 *
 * <p>Validators collect every problem before failing, so a user fixes a file in one pass
 * rather than one error per attempt; {@link #problems()} keeps them apart for callers
 * (the CLI's {@code deploy validate}) that print them as separate findings.
 */
public final class LibraryException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final List<String> problems;

    public LibraryException(String message) {
        this(message, List.of(), null);
    }

    public LibraryException(String message, Throwable cause) {
        this(message, List.of(), cause);
    }

    public LibraryException(String summary, List<String> problems) {
        this(summary, problems, null);
    }

    private LibraryException(String summary, List<String> problems, Throwable cause) {
        super(format(summary, problems), cause);
        this.problems = List.copyOf(problems);
    }

    /** The individual problems found, each naming what it concerns; empty for a single failure. */
    public List<String> problems() {
        return problems;
    }

    private static String format(String summary, List<String> problems) {
        if (problems.isEmpty()) {
            return summary;
        }
        StringBuilder text = new StringBuilder(summary)
                .append(" (")
                .append(problems.size())
                .append(problems.size() == 1 ? " problem)" : " problems)");
        problems.forEach(p -> text.append("\n  - ").append(p));
        return text.toString();
    }
}
