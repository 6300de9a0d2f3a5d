package svc.cli;

/** The exit codes every subcommand uses, so scripts can tell failures apart. */
public final class ExitCodes {
    /** The command did what was asked. */
    public static final int OK = 0;
    /** The command ran, and its answer is "no" (an invalid file, a failed run). */
    public static final int FAILURE = 1;
    /** The command line itself was wrong. */
    public static final int USAGE = 2;
    /** The server refused the credentials or the role. */
    public static final int AUTH = 3;
    /** The server answered with an error of its own (4xx other than auth, or 5xx). */
    public static final int SERVER = 4;
    /** The server could not be reached at all. */
    public static final int UNREACHABLE = 5;

    private ExitCodes() {}
}
