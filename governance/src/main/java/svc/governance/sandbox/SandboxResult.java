package svc.governance.sandbox;

import java.time.Duration;

/**
 * How one run ended. {@code stoppedBy} is the limit that stopped the script, or null when it ended
 * by itself; {@code detail} says what the limit refused (empty when nothing was). {@code exitCode}
 * is 128 + the signal number when a signal ended the process. {@code outputTruncated} is set when
 * either stream went over the cap.
 */
public record SandboxResult(
        int exitCode,
        String stdout,
        String stderr,
        boolean outputTruncated,
        Duration duration,
        Limit stoppedBy,
        String detail,
        String driver) {

    /** Ended by itself with exit code 0. */
    public boolean ok() {
        return exitCode == 0 && stoppedBy == null;
    }
}
