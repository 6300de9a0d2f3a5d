package svc.cli;

import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * The one place where an exception escaping a subcommand becomes a line on stderr and an exit
 * code. A user sees a sentence, never a stack trace; {@code SVC_DEBUG=1} adds the trace.
 */
final class ErrorMapper implements IExecutionExceptionHandler {

    @Override
    public int handleExecutionException(Exception ex, CommandLine cmd, ParseResult parseResult) {
        int code = ExitCodes.FAILURE;
        String message = ex.getMessage() == null ? ex.getClass().getSimpleName() : ex.getMessage();
        if (ex instanceof CliException cliEx) {
            code = cliEx.exitCode();
        }
        cmd.getErr().println("svc: " + message);
        if (System.getenv("SVC_DEBUG") != null) {
            ex.printStackTrace(cmd.getErr());
        }
        return code;
    }
}
