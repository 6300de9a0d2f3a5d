package svc.governance.sandbox;

import java.util.List;

/**
 * Turns a {@link Launch} into the command line that enforces its limits. The three drivers are the
 * spec's: {@code nsjail}, {@code docker} and the {@code subprocess} fallback. A driver is built by
 * {@link Sandbox#create}, which checks that it can work on this machine.
 */
public sealed interface Driver permits NsjailDriver, DockerDriver, SubprocessDriver {

    /** Signal 24: the kernel's answer to a process that used up its CPU-time limit. */
    int SIGXCPU_EXIT = 128 + 24;

    String name();

    /**
     * The command for one launch.
     * @throws SandboxException when this machine cannot enforce the launch's limits with this driver
     */
    List<String> command(Launch launch);

    /** SIGKILL: what a process gets at the hard CPU-time limit (after ignoring SIGXCPU), or from the OOM killer. */
    int SIGKILL_EXIT = 128 + 9;

    /**
     * The limit an exit code means under this driver, or null when it means none. By default both
     * SIGXCPU and SIGKILL mean CPU time: the wall-clock timeout is told apart by the runner, and
     * the memory limit is an rlimit that makes allocations fail rather than a kill.
     */
    default Limit limitOfExit(int exitCode) {
        return exitCode == SIGXCPU_EXIT || exitCode == SIGKILL_EXIT ? Limit.CPU_TIME : null;
    }

    /** Whether every call should log a warning that isolation is weak. */
    default boolean warnsOnEveryCall() {
        return false;
    }
}
