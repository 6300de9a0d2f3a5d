package svc.governance.sandbox;

import java.nio.file.Path;
import java.util.List;

/**
 * One script about to run: which interpreter, the arguments after it, the limits, and the two
 * directories the sandbox made for it ({@code controlDir} holds the script and the report file,
 * {@code workDir} inside it is the script's working directory). A driver wraps this into a command.
 */
public record Launch(
        Interpreter interpreter, List<String> arguments, SandboxLimits limits, Path controlDir, Path workDir) {

    /** The program a launch runs. */
    public enum Interpreter {
        /** {@code python3 -I -S -B} with the audit-hook prelude. */
        PYTHON,
        /** {@code bash -r}, the restricted shell. */
        SHELL
    }

    public Launch {
        arguments = List.copyOf(arguments);
    }
}
