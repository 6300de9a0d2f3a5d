package svc.governance.sandbox;

import java.util.Locale;

/** The limit that stopped a script; {@link #wireName()} is the name reports and tools print. */
public enum Limit {
    /** The address-space limit ({@code memory_mb}) was reached. */
    MEMORY,
    /** The CPU-time limit ({@code cpu_time_sec}) was reached. */
    CPU_TIME,
    /** The wall-clock timeout passed; the process was killed. */
    TIMEOUT,
    /** A network call was refused ({@code allow_network=false}). */
    NETWORK,
    /** A file outside {@code allow_paths} (or a write outside the writable paths) was refused. */
    PATH,
    /** Starting a process, or reaching the interpreter's internals, was refused. */
    PROCESS;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
