package svc.cli;

/** A failure a subcommand reports to the user as one line, with the exit code it deserves. */
public class CliException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int exitCode;

    public CliException(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }
}
